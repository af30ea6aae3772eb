import { ProductDetailPage } from '@/features/products/components/product-detail-page';
import { useShopSlots } from '../shop-slots';

export const Component = () => {
  const slots = useShopSlots();
  return <ProductDetailPage {...slots} />;
};
