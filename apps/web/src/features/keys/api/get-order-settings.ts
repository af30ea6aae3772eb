import type { orderSettingsSchema } from '@esd/shared/orders/orders.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { orderSettingsKeys } from './key-stock-keys';

export const getOrderSettings = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<z.output<typeof orderSettingsSchema>>('/settings/orders', { signal: options.signal });

export const orderSettingsQueryOptions = () =>
  queryOptions({
    queryKey: orderSettingsKeys.all,
    queryFn: ({ signal }) => getOrderSettings({ signal }),
  });

export const useOrderSettings = () => useQuery(orderSettingsQueryOptions());
