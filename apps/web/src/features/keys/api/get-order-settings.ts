import type { OrderSettings } from '@esd/shared/orders/orders.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { orderSettingsKeys } from './key-stock-keys';

const getOrderSettings = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<OrderSettings>('/settings/orders', { signal: options.signal });

const orderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: orderSettingsKeys.all,
    queryFn: ({ signal }) => getOrderSettings({ signal }),
  });

export const useOrderSettings = () => useQuery(orderSettingsQueryOptions());
