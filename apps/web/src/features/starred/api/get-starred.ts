import type { StarredPages } from '@esd/shared/auth/auth.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { starredKeys } from './starred-keys';

const getStarredPages = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<StarredPages>('/profile/starred', { signal: options.signal });

const starredPagesQueryOptions = () =>
  queryOptions({
    queryKey: starredKeys.list(),
    queryFn: ({ signal }) => getStarredPages({ signal }),
    staleTime: 5 * 60_000,
  });

export const useStarredPages = () => useQuery(starredPagesQueryOptions());
