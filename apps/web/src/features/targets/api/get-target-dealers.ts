import type { TargetDealer } from '@esd/shared/content/targets.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { targetKeys } from './targets-keys';

const getTargetDealers = (q: string, options: { signal?: AbortSignal } = {}) =>
  apiRequest<TargetDealer[]>('/settings/targets/dealers', {
    query: { q: q || undefined },
    signal: options.signal,
  });

const targetDealersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: targetKeys.dealers(q),
    queryFn: ({ signal }) => getTargetDealers(q, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTargetDealers = (q: string, enabled: boolean) =>
  useQuery({ ...targetDealersQueryOptions(q), enabled });
