import type { Page } from '@esd/shared/api';
import type { ManagedUser, UserListParams } from '@esd/shared/users/users.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './users-keys';

const getUsers = (query: UserListParams, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<ManagedUser>>('/settings/users', {
    query: query as Record<string, string | number | boolean | undefined>,
    signal: options.signal,
  });

const usersQueryOptions = (query: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UserListParams) => useQuery(usersQueryOptions(query));
