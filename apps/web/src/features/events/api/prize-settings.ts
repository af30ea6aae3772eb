import type { Page } from '@esd/shared/api';
import type { PrizeInput, PrizeSettings } from '@esd/shared/events/events.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsRelatedKeys, prizeSettingsKeys } from './events-keys';

export type PrizeSettingsQuery = { page: number; perPage: number; event_id?: number };

export const usePrizeSettings = (query: PrizeSettingsQuery) =>
  useQuery({
    queryKey: prizeSettingsKeys.list(query),
    queryFn: ({ signal }) => apiRequest<Page<PrizeSettings>>('/settings/prizes', { query, signal }),
    placeholderData: keepPreviousData,
  });

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(eventsRelatedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};

export const useSavePrize = () => {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { notifyError: false },
    mutationFn: ({ id, input }: { id?: number; input: PrizeInput }) =>
      apiRequest<PrizeSettings>(id ? `/settings/prizes/${id}` : '/settings/prizes', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: invalidate,
  });
};

export const useDeletePrize = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<PrizeSettings>(`/settings/prizes/${id}`, {
        method: 'DELETE',
      }),
    onSuccess: invalidate,
  });
};

export const useUploadPrizeImage = () => {
  const invalidate = useInvalidate();
  return useMutation({
    meta: { notifyError: false },
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.set('file', file);
      return apiRequest<PrizeSettings>(`/settings/prizes/${id}/image`, {
        method: 'POST',
        body,
      });
    },
    onSuccess: invalidate,
  });
};
