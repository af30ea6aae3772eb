import type {
  NoticeSettings,
  SaveNoticeSettingInput,
} from '@esd/shared/notifications/notifications.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './notifications-keys';

const saveNoticeSetting = (input: SaveNoticeSettingInput) =>
  apiRequest<NoticeSettings>('/profile/notifications', { method: 'PUT', body: input });

export const useSaveNoticeSetting = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNoticeSetting,
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings(), settings),
  });
};
