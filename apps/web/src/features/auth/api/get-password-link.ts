import type { PasswordLink } from '@esd/shared/auth/auth.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/** GET /api/auth/password-link: a set-password link's kind, and whether it still works. */
const getPasswordLink = (token: string, options: { signal?: AbortSignal } = {}) =>
  apiRequest<PasswordLink>('/auth/password-link', {
    query: { token },
    signal: options.signal,
    onUnauthorized: 'ignore',
  });

// the page shows the answer (an unknown link included) itself: no error notification, no retry
const passwordLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.passwordLink(token),
    queryFn: ({ signal }) => getPasswordLink(token, { signal }),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
    meta: { notifyError: false },
  });

export const usePasswordLink = (token: string) => useQuery(passwordLinkQueryOptions(token));
