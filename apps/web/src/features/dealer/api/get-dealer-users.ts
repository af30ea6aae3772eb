import type { DealerUser } from '@esd/shared/catalogue/settings.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealerUserKeys } from './dealer-keys';

/** The dealer's own end users, to put them into groups. */
const getDealerUsers = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<DealerUser[]>('/dealer/users', { signal: options.signal });

const dealerUsersQueryOptions = () =>
  queryOptions({
    queryKey: dealerUserKeys.list(),
    queryFn: ({ signal }) => getDealerUsers({ signal }),
  });

export const useDealerUsers = () => useQuery(dealerUsersQueryOptions());
