import { pageSchema } from '@esd/shared/api';
import {
  awardResultSchema,
  type EventInput,
  type EventSettings,
  eventSettingsSchema,
} from '@esd/shared/events/events.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { eventSettingsKeys, eventsRelatedKeys } from './events-keys';

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type EventSettingsQuery = { page: number; perPage: number; q?: string };

export const useEventSettings = (query: EventSettingsQuery) =>
  useQuery({
    queryKey: eventSettingsKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest('/settings/events', {
        query,
        schema: pageSchema(eventSettingsSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Events for filters and the prize form: the 100 most recent. */
export const useEventOptions = () =>
  useQuery({
    queryKey: eventSettingsKeys.options(),
    queryFn: ({ signal }) =>
      apiRequest('/settings/events', {
        query: { page: 1, perPage: 100 },
        schema: pageSchema(eventSettingsSchema),
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
    mutationFn: ({ id, input }: { id?: number; input: EventInput }) =>
      apiRequest(id ? `/settings/events/${id}` : '/settings/events', {
        method: id ? 'PUT' : 'POST',
        body: input,
        schema: eventSettingsSchema,
      }),
    onSuccess: invalidate,
  });
};

export const useDeleteEvent = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/settings/events/${id}`, { method: 'DELETE', schema: eventSettingsSchema }),
    onSuccess: invalidate,
  });
};

export const useUploadEventImage = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({
    meta: { notifyError: false },
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.set('file', file);
      return apiRequest(`/settings/events/${id}/image`, {
        method: 'POST',
        body,
        schema: eventSettingsSchema,
      });
    },
    onSuccess: invalidate,
  });
};

export const useAwardEvent = () => {
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: (event: EventSettings) =>
      apiRequest(`/settings/events/${event.id}/award`, {
        method: 'POST',
        body: {},
        schema: awardResultSchema,
      }),
    onSuccess: invalidate,
  });
};

const productOptionSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  title: z.object({ en: z.string(), ru: z.string(), az: z.string() }),
});

/** Products to pick for an event, searched on the server by SKU or title. */
export const useProductOptions = (q: string) =>
  useQuery({
    queryKey: ['settings', 'events', 'product-options', q],
    queryFn: ({ signal }) =>
      apiRequest('/settings/products', {
        query: { page: 1, perPage: 50, q: q || undefined, sort: 'title' },
        schema: pageSchema(productOptionSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
