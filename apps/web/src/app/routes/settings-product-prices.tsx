import { ProductPricesPage } from '@/features/dealer/components/product-prices-page';

export const Component = ProductPricesPage;
