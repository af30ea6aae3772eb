import { KeyStockPanel } from '@/features/keys/components/key-stock-panel';
import { ProductsPage } from '@/features/settings/components/products-page';

export const Component = () => <ProductsPage keyStock={<KeyStockPanel />} />;
