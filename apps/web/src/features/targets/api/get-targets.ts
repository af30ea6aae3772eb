import type { Page } from '@esd/shared/api';
import type { Target, TargetListQuery } from '@esd/shared/content/targets.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { targetKeys } from './targets-keys';

const getTargets = (query: TargetListQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<Target>>('/settings/targets', {
    query,
    signal: options.signal,
  });

const targetsQueryOptions = (query: TargetListQuery) =>
  queryOptions({
    queryKey: targetKeys.list(query),
    queryFn: ({ signal }) => getTargets(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useTargets = (query: TargetListQuery) => useQuery(targetsQueryOptions(query));
