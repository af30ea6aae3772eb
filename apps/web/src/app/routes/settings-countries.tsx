import { CountriesPage } from '@/features/settings/components/countries-page';

export const Component = CountriesPage;
