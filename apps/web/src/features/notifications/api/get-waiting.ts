import type { WaitingCounts } from '@esd/shared/notifications/notifications.schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './notifications-keys';

/** How often the navigation asks again what waits (besides after every change the admin makes). */
const WAITING_POLL_MS = 60_000;

const getWaiting = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<WaitingCounts>('/notifications/waiting', { signal: options.signal });

const waitingQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.waiting(),
    queryFn: ({ signal }) => getWaiting({ signal }),
    refetchInterval: WAITING_POLL_MS,
    // badges that fail to load stay away rather than alarming anyone
    meta: { notifyError: false },
  });

export const useWaiting = <T>(select: (counts: WaitingCounts) => T) =>
  useQuery({ ...waitingQueryOptions(), select });

/** Counts again soon: something the admin did may have settled what waited. */
export const invalidateWaiting = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.waiting() });
