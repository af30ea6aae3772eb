import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { invalidateWaiting } from '@/features/notifications/api/get-waiting';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError } from '@/lib/notify';
import { isLoggedIn } from '@/lib/storage';

type AppMeta = {
  /** false for calls that show their own message or must stay silent (spec 8) */
  notifyError?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

const notifyApiError = (error: unknown) => {
  // A 401 of a signed-in user already ends the session; a notification would only flash.
  if (isApiError(error) && error.isUnauthorized && isLoggedIn()) return;
  notifyError(getErrorMessage(error));
};

// Retry only what may pass on a second try: no answer at all, or the server was unavailable.
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && isApiError(error) && (error.isNetworkError || error.status >= 502);

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.notifyError !== false) notifyApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    // any change an admin makes may settle something that waited: the navigation counts again
    // (not awaited: the mutation's own answer does not wait for the count)
    onSuccess: () => {
      void invalidateWaiting(queryClient);
    },
    onError: (error, _variables, _result, mutation) => {
      if (mutation.meta?.notifyError !== false) notifyApiError(error);
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
