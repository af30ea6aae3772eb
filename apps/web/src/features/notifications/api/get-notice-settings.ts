import type { NoticeSettings } from '@esd/shared/notifications/notifications.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './notifications-keys';

const getNoticeSettings = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<NoticeSettings>('/profile/notifications', { signal: options.signal });

const noticeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => getNoticeSettings({ signal }),
  });

export const useNoticeSettings = () => useQuery(noticeSettingsQueryOptions());
