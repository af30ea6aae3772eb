import type { Page } from '@esd/shared/api';
import type {
  PrizeInput,
  PrizeSettings,
  prizesSettingsQuerySchema,
} from '@esd/shared/events/events.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, bodyWithPicture } from '@/lib/api-client';
import { eventsRelatedKeys, prizeSettingsKeys } from './events-keys';

export type PrizeSettingsQuery = z.infer<typeof prizesSettingsQuerySchema>;

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
    // the picture goes with the record: a refused one saves nothing, so a retry makes no copy
    mutationFn: ({ id, input, image }: { id?: number; input: PrizeInput; image?: File }) =>
      apiRequest<PrizeSettings>(id ? `/settings/prizes/${id}` : '/settings/prizes', {
        method: id ? 'PUT' : 'POST',
        body: bodyWithPicture(input, image),
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
