import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/items/:itemId/withdraw: an admin takes off an item Adobe refused. */
const withdrawItem = (input: { orderId: number; itemId: number; note?: string }) =>
  apiRequest<OrderDetail>(`/orders/${input.orderId}/items/${input.itemId}/withdraw`, {
    method: 'POST',
    body: { note: input.note },
  });

export const useWithdrawItem = () => useOrderAction(withdrawItem);
