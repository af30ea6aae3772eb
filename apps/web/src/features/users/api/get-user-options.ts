import type { UserOptions } from '@esd/shared/users/users.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './users-keys';

/** What the caller may choose; `dealerId` adds that dealer's user groups. */
const getUserOptions = (dealerId: number | null, options: { signal?: AbortSignal } = {}) =>
  apiRequest<UserOptions>('/settings/users/options', {
    query: { dealer_id: dealerId ?? undefined },
    signal: options.signal,
  });

const userOptionsQueryOptions = (lang: string, dealerId: number | null) =>
  queryOptions({
    queryKey: userKeys.options(lang, dealerId),
    queryFn: ({ signal }) => getUserOptions(dealerId, { signal }),
    staleTime: 60_000,
  });

export const useUserOptions = (dealerId: number | null = null) => {
  const { i18n } = useTranslation();
  return useQuery(userOptionsQueryOptions(i18n.language, dealerId));
};
