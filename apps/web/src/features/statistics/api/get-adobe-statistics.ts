import type { AdobeStatistics } from '@esd/shared/statistics/adobe-statistics.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { statisticsKeys } from './statistics-keys';

/** GET /api/statistics/adobe: Adobe sales the caller may see (scoped by the server). */
const getAdobeStatistics = (months: number, options: { signal?: AbortSignal } = {}) =>
  apiRequest<AdobeStatistics>('/statistics/adobe', {
    query: { months },
    signal: options.signal,
  });

const adobeStatisticsQueryOptions = (months: number) =>
  queryOptions({
    queryKey: statisticsKeys.adobe(months),
    queryFn: ({ signal }) => getAdobeStatistics(months, { signal }),
    // another period keeps the page as it is until its numbers arrive
    placeholderData: keepPreviousData,
  });

export const useAdobeStatistics = (months: number) => useQuery(adobeStatisticsQueryOptions(months));
