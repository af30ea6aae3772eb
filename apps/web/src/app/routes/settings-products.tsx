import { ProductsPage } from '@/features/settings/components/products-page';

export const Component = ProductsPage;
