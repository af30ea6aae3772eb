import type { Page } from '@esd/shared/api';
import type { OrderSummary } from '@esd/shared/orders/orders.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { ordersKeys } from './orders-keys';
import type { OrdersQuery } from './orders-query';

/** GET /api/orders: the caller's orders (scoped by the server), filtered and paged. */
const getOrders = (query: OrdersQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<OrderSummary>>('/orders', { query, signal: options.signal });

const ordersQueryOptions = (query: OrdersQuery, lang: string) =>
  queryOptions({
    queryKey: ordersKeys.list(query, lang),
    queryFn: ({ signal }) => getOrders(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useOrders = (query: OrdersQuery) => {
  const { i18n } = useTranslation();
  return useQuery(ordersQueryOptions(query, i18n.language));
};
