import type { UserProfile } from '@esd/shared/auth/auth.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiRequestOptions, apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

export const getUser = (
  options: { signal?: AbortSignal } & Pick<ApiRequestOptions, 'onUnauthorized'> = {},
) => apiRequest<UserProfile>('/auth/user', { ...options });

export const userQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.current(),
    queryFn: ({ signal }) => getUser({ signal }),
    staleTime: 60_000,
  });

export const useUser = () => useQuery(userQueryOptions());
