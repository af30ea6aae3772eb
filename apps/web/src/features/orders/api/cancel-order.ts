import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/cancel: cancels an order before any key went out. */
const cancelOrder = ({ orderId, note }: { orderId: number; note?: string }) =>
  apiRequest<OrderDetail>(`/orders/${orderId}/cancel`, {
    method: 'POST',
    body: note ? { note } : {},
  });

export const useCancelOrder = () => useOrderAction(cancelOrder);
