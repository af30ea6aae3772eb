import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/items/:itemId/deliver: keys a vendor sent, typed in by an admin. */
const deliverItem = (input: { orderId: number; itemId: number; keys: string[] }) =>
  apiRequest<OrderDetail>(`/orders/${input.orderId}/items/${input.itemId}/deliver`, {
    method: 'POST',
    body: { keys: input.keys },
  });

export const useDeliverItem = () => useOrderAction(deliverItem);
