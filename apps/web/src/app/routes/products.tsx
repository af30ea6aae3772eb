import { ProductsPage } from '@/features/products/components/products-page';
import { useShopSlots } from '../shop-slots';

export const Component = () => {
  const slots = useShopSlots();
  return <ProductsPage {...slots} />;
};
