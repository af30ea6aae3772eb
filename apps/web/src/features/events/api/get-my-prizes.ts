import type { Page, PaginationQuery } from '@esd/shared/api';
import type { MyPrize } from '@esd/shared/events/events.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { eventKeys } from './events-keys';

const getMyPrizes = (query: PaginationQuery, signal?: AbortSignal) =>
  apiRequest<Page<MyPrize>>('/profile/prizes', { query, signal });

export const useMyPrizes = (query: PaginationQuery) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: eventKeys.myPrizes({ ...query, lang: i18n.language }),
    queryFn: ({ signal }) => getMyPrizes(query, signal),
    placeholderData: keepPreviousData,
  });
};
