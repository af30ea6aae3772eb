import type { UserGroup } from '@esd/shared/catalogue/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userGroupKeys } from './dealer-keys';

const getUserGroups = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<UserGroup[]>('/dealer/groups', { signal: options.signal });

const userGroupsQueryOptions = () =>
  queryOptions({
    queryKey: userGroupKeys.list(),
    queryFn: ({ signal }) => getUserGroups({ signal }),
  });

export const useUserGroups = () => useQuery(userGroupsQueryOptions());
