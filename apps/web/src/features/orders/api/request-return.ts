import { orderDetailSchema } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/items/:itemId/return: the buyer asks to return a returnable item. */
export const requestReturn = (input: { orderId: number; itemId: number; reason: string }) =>
  apiRequest(`/orders/${input.orderId}/items/${input.itemId}/return`, {
    method: 'POST',
    body: { reason: input.reason },
    schema: orderDetailSchema,
  });

export const useRequestReturn = () => useOrderAction(requestReturn);
