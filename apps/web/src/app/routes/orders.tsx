import { lazy, Suspense } from 'react';
import { OrdersPage } from '@/features/orders/components/orders-page';
import { DashboardTopProductsPlaceholder } from '@/features/statistics/components/dashboard-top-products-placeholder';
import { useOrderExtras } from '../order-slots';

// the statistics' top-5 block is a small chunk of its own, loaded after the list
const DashboardTopProducts = lazy(
  () => import('@/features/statistics/components/dashboard-top-products'),
);

const OrdersRoute = () => {
  const orderExtras = useOrderExtras();
  return (
    <OrdersPage
      topBlock={
        <Suspense fallback={<DashboardTopProductsPlaceholder />}>
          <DashboardTopProducts />
        </Suspense>
      }
      renderOrderExtras={orderExtras}
    />
  );
};

export const Component = OrdersRoute;
