import type { ReorderResult } from '@esd/shared/orders/orders.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/orders/:id/reorder: the order's key-stock lines go into the basket at today's
 * prices; the answer says what was added, what was not and which Adobe lines need a new price.
 * The basket is another feature's: the caller refreshes it (`onReordered`).
 */
const reorderOrder = (orderId: number) =>
  apiRequest<ReorderResult>(`/orders/${orderId}/reorder`, { method: 'POST', body: {} });

export const useReorderOrder = (onReordered?: (result: ReorderResult) => void) =>
  useMutation({
    mutationFn: reorderOrder,
    onSuccess: (result) => onReordered?.(result),
  });
