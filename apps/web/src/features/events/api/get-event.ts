import type { EventDetail, PrizeDetail } from '@esd/shared/events/events.schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './events-keys';

const getEvent = (id: number, signal?: AbortSignal) =>
  apiRequest<EventDetail>(`/events/${id}`, { signal });

export const useEvent = (id: number) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: eventKeys.detail(id, i18n.language),
    queryFn: ({ signal }) => getEvent(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
};

const getPrize = (eventId: number, prizeId: number, signal?: AbortSignal) =>
  apiRequest<PrizeDetail>(`/events/${eventId}/prizes/${prizeId}`, {
    signal,
  });

export const usePrize = (eventId: number, prizeId: number) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: eventKeys.prize(eventId, prizeId, i18n.language),
    queryFn: ({ signal }) => getPrize(eventId, prizeId, signal),
    enabled: eventId > 0 && prizeId > 0,
  });
};
