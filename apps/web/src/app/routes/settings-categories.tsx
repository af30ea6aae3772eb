import { CategoriesPage } from '@/features/settings/components/categories-page';

export const Component = CategoriesPage;
