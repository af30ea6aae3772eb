import { OrdersPage } from '@/features/orders/components/orders-page';

export const Component = OrdersPage;
