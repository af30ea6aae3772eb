import { lazy, Suspense } from 'react';
import { OrdersPage } from '@/features/orders/components/orders-page';

// the statistics' top-5 block is a small chunk of its own, loaded after the list
const DashboardTopProducts = lazy(
  () => import('@/features/statistics/components/dashboard-top-products'),
);

const OrdersRoute = () => (
  <OrdersPage
    topBlock={
      <Suspense fallback={null}>
        <DashboardTopProducts />
      </Suspense>
    }
  />
);

export const Component = OrdersRoute;
