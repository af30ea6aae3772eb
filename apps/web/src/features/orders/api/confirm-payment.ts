import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/confirm-payment: confirms the payment of a pending cash order. */
const confirmPayment = ({ orderId, note }: { orderId: number; note?: string }) =>
  apiRequest<OrderDetail>(`/orders/${orderId}/confirm-payment`, {
    method: 'POST',
    body: note ? { note } : {},
  });

export const useConfirmPayment = () => useOrderAction(confirmPayment);
