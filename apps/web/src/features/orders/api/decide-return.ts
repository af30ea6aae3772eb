import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { apiRequest } from '@/lib/api-client';
import { useOrderAction } from './use-order-action';

/** POST /api/orders/:id/returns/:returnId/decide: an admin approves or rejects a return. */
const decideReturn = (input: {
  orderId: number;
  returnId: number;
  approve: boolean;
  note?: string;
}) =>
  apiRequest<OrderDetail>(`/orders/${input.orderId}/returns/${input.returnId}/decide`, {
    method: 'POST',
    body: { approve: input.approve, ...(input.note ? { note: input.note } : {}) },
  });

export const useDecideReturn = () => useOrderAction(decideReturn);
