import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/keys/:keyId/activate: the key is marked used for an end customer. */
const activateKey = (input: { orderId: number; keyId: number; endCustomer: string }) =>
  apiRequest<OrderDetail>(`/orders/${input.orderId}/keys/${input.keyId}/activate`, {
    method: 'POST',
    body: { end_customer: input.endCustomer },
  });

export const useActivateKey = () => useOrderAction(activateKey);
