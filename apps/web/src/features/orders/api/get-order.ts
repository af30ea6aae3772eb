import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { ordersKeys } from './orders-keys';

/** Keys usually arrive within seconds: a paid order waiting for them is asked again this often. */
const WAITING_POLL_MS = 2000;

const getOrder = (id: number, options: { signal?: AbortSignal } = {}) =>
  apiRequest<OrderDetail>(`/orders/${id}`, { signal: options.signal });

/** In progress with items still waiting: keys are on their way, so they appear by themselves. */
export const isWaitingForKeys = (order: Pick<OrderDetail, 'status' | 'waiting_items'>) =>
  order.status === 'in_progress' && order.waiting_items > 0;

const orderQueryOptions = (id: number, lang: string) =>
  queryOptions({
    queryKey: ordersKeys.detail(id, lang),
    queryFn: ({ signal }) => getOrder(id, { signal }),
    refetchInterval: (query) =>
      query.state.data && isWaitingForKeys(query.state.data) ? WAITING_POLL_MS : false,
  });

export const useOrder = (id: number | undefined) => {
  const { i18n } = useTranslation();
  return useQuery({ ...orderQueryOptions(id ?? 0, i18n.language), enabled: id !== undefined });
};

/**
 * Every action answers with the new order: it becomes the cached one; lists refresh, and its
 * documents (a payment issues the invoice, a refund a credit note).
 */
export const storeOrder = (queryClient: QueryClient, order: OrderDetail, lang: string) => {
  queryClient.setQueryData(ordersKeys.detail(order.id, lang), order);
  void queryClient.invalidateQueries({ queryKey: ordersKeys.documents(order.id) });
  void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: ordersKeys.late() });
};
