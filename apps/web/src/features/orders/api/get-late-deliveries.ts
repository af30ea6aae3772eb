import type { LateDelivery } from '@esd/shared/orders/orders.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ordersKeys } from './orders-keys';

/** GET /api/orders/late-deliveries (admins): items past the 3-minute key promise. */
const getLateDeliveries = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<LateDelivery[]>('/orders/late-deliveries', {
    signal: options.signal,
  });

const lateDeliveriesQueryOptions = () =>
  queryOptions({
    queryKey: ordersKeys.late(),
    queryFn: ({ signal }) => getLateDeliveries({ signal }),
    refetchInterval: 60_000,
  });

export const useLateDeliveries = (options: { enabled: boolean }) =>
  useQuery({ ...lateDeliveriesQueryOptions(), enabled: options.enabled });
