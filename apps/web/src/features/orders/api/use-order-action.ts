import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { storeOrder } from './get-order';

/** An order action: its answer (the new order) replaces the cached detail; lists refresh. */
export const useOrderAction = <V>(action: (variables: V) => Promise<OrderDetail>) => {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: action,
    onSuccess: (order) => storeOrder(queryClient, order, i18n.language),
  });
};
