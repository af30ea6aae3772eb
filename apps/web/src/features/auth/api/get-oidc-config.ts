import type { OidcConfig } from '@esd/shared/auth/auth.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from './auth-keys';

export const getOidcConfig = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<OidcConfig>('/auth/oidc/config', { signal: options.signal });

// Without single sign-on configured the button simply stays hidden: no error to show.
const oidcConfigQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.oidcConfig(),
    queryFn: ({ signal }) => getOidcConfig({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { notifyError: false },
  });

export const useOidcConfig = () => useQuery(oidcConfigQueryOptions());
