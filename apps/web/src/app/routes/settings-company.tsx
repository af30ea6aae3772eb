import { CompanyPage } from '@/features/settings/components/company-page';

export const Component = CompanyPage;
