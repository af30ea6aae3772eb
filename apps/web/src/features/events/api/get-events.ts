import type { Page } from '@esd/shared/api';
import type { EventCard, EventsQuery } from '@esd/shared/events/events.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './events-keys';

const getEvents = (query: EventsQuery, signal?: AbortSignal) =>
  apiRequest<Page<EventCard>>('/events', { query, signal });

export const useEvents = (query: EventsQuery) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: eventKeys.list({ ...query, lang: i18n.language }),
    queryFn: ({ signal }) => getEvents(query, signal),
    placeholderData: keepPreviousData,
  });
};
