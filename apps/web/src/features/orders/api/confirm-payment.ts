import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { ordersKeys } from './orders-keys';
import { useOrderAction } from './use-order-action';

type ConfirmPayment = { orderId: number; note?: string; totalAzn?: string };

/**
 * POST /api/orders/:id/confirm-payment: confirms the payment of a pending cash order at the AZN
 * amount the admin was shown (`totalAzn`); if the bank's rate moved meanwhile the server refuses
 * (409 AMOUNT_CHANGED) and the order is read again, so the dialog shows the new amount.
 */
export const useConfirmPayment = () => {
  const queryClient = useQueryClient();
  const confirm = async ({ orderId, note, totalAzn }: ConfirmPayment) => {
    try {
      return await apiRequest<OrderDetail>(`/orders/${orderId}/confirm-payment`, {
        method: 'POST',
        body: { ...(note ? { note } : {}), ...(totalAzn ? { total_azn: totalAzn } : {}) },
      });
    } catch (error) {
      if (isApiError(error) && error.errorName === 'AMOUNT_CHANGED')
        await queryClient.invalidateQueries({ queryKey: ordersKeys.details() });
      throw error;
    }
  };
  return useOrderAction(confirm);
};
