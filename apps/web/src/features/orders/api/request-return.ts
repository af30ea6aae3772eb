import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/items/:itemId/return: the buyer asks to return a returnable item. */
const requestReturn = (input: { orderId: number; itemId: number; reason: string }) =>
  apiRequest<OrderDetail>(`/orders/${input.orderId}/items/${input.itemId}/return`, {
    method: 'POST',
    body: { reason: input.reason },
  });

export const useRequestReturn = () => useOrderAction(requestReturn);
