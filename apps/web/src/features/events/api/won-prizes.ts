import type { Page } from '@esd/shared/api';
import type { WonPrize, WonPrizesQuery, WonPrizeUpdate } from '@esd/shared/events/events.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { eventsRelatedKeys, wonPrizeKeys } from './events-keys';

export const useWonPrizes = (query: WonPrizesQuery) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: wonPrizeKeys.list({ ...query, lang: i18n.language }),
    queryFn: ({ signal }) => apiRequest<Page<WonPrize>>('/settings/won-prizes', { query, signal }),
    placeholderData: keepPreviousData,
  });
};

export const useUpdateWonPrize = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: WonPrizeUpdate }) =>
      apiRequest<WonPrize>(`/settings/won-prizes/${id}`, {
        method: 'PATCH',
        body: change,
      }),
    onSuccess: () =>
      Promise.all(eventsRelatedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
