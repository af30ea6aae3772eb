import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/settle-credit: marks a credit order as paid back. */
const settleCredit = ({ orderId, note }: { orderId: number; note?: string }) =>
  apiRequest<OrderDetail>(`/orders/${orderId}/settle-credit`, {
    method: 'POST',
    body: note ? { note } : {},
  });

export const useSettleCredit = () => useOrderAction(settleCredit);
