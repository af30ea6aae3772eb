import type { Page } from '@esd/shared/api';
import type {
  AwardResult,
  EventInput,
  EventSettings,
  eventsSettingsQuerySchema,
} from '@esd/shared/events/events.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, bodyWithPicture } from '@/lib/api-client';
import { eventSettingsKeys, eventsRelatedKeys } from './events-keys';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type EventSettingsQuery = z.infer<typeof eventsSettingsQuerySchema>;

export const useEventSettings = (query: EventSettingsQuery) =>
  useQuery({
    queryKey: eventSettingsKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<Page<EventSettings>>('/settings/events', {
        query,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Events for filters and the prize form: the 100 most recent. */
export const useEventOptions = () =>
  useQuery({
    queryKey: eventSettingsKeys.options(),
    queryFn: ({ signal }) =>
      apiRequest<Page<EventSettings>>('/settings/events', {
        query: { page: 1, perPage: 100 },
        signal,
      }),
  });

const useInvalidateEvents = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(eventsRelatedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
};

export const useSaveEvent = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({
    meta: { notifyError: false },
    // the picture goes with the record: a refused one saves nothing, so a retry makes no copy
    mutationFn: ({ id, input, image }: { id?: number; input: EventInput; image?: File }) =>
      apiRequest<EventSettings>(id ? `/settings/events/${id}` : '/settings/events', {
        method: id ? 'PUT' : 'POST',
        body: bodyWithPicture(input, image),
      }),
    onSuccess: invalidate,
  });
};

export const useDeleteEvent = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<EventSettings>(`/settings/events/${id}`, {
        method: 'DELETE',
      }),
    onSuccess: invalidate,
  });
};

export const useAwardEvent = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (event: EventSettings) =>
      apiRequest<AwardResult>(`/settings/events/${event.id}/award`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: invalidate,
  });
};

/** The fields of GET /api/settings/products that the event form reads. */
type ProductOption = { id: number; sku: string; title: { en: string; ru: string; az: string } };

/** Products to pick for an event, searched on the server by SKU or title. */
export const useProductOptions = (q: string) =>
  useQuery({
    queryKey: ['settings', 'events', 'product-options', q],
    queryFn: ({ signal }) =>
      apiRequest<Page<ProductOption>>('/settings/products', {
        query: { page: 1, perPage: 50, q: q || undefined, sort: 'title' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
