import type { RateStatus } from '@esd/shared/catalogue/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { rateKeys } from './settings-keys';

const getRateStatus = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<RateStatus>('/settings/exchange-rates/status', { signal: options.signal });

const rateStatusQueryOptions = () =>
  queryOptions({
    // under the rates' key: adding, importing or deleting a rate refreshes it too
    queryKey: [...rateKeys.all, 'status'] as const,
    queryFn: ({ signal }) => getRateStatus({ signal }),
    // noon passes while the page is open
    refetchInterval: 5 * 60_000,
  });

/** Whether today's (Baku) rate is in, and which rate prices use meanwhile. */
export const useRateStatus = () => useQuery(rateStatusQueryOptions());
