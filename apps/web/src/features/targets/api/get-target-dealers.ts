import type { targetDealerSchema } from '@esd/shared/content/targets.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { targetKeys } from './targets-keys';

export const getTargetDealers = (q: string, options: { signal?: AbortSignal } = {}) =>
  apiRequest<z.output<typeof targetDealerSchema>[]>('/settings/targets/dealers', {
    query: { q: q || undefined },
    signal: options.signal,
  });

export const targetDealersQueryOptions = (q: string) =>
  queryOptions({
    queryKey: targetKeys.dealers(q),
    queryFn: ({ signal }) => getTargetDealers(q, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTargetDealers = (q: string, enabled: boolean) =>
  useQuery({ ...targetDealersQueryOptions(q), enabled });
