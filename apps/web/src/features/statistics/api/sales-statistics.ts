import type {
  DistributionStatistics,
  QuarterStatistics,
  StatisticsExportFormat,
  TopProducts,
  WeeklyStatistics,
} from '@esd/shared/statistics/sales-statistics.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { statisticsKeys } from './statistics-keys';

export type DateRange = { date_from: string; date_to: string };

/** GET /api/statistics/weekly: sales per ISO week of the range, scoped by the server. */
const weeklyQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: statisticsKeys.weekly(range.date_from, range.date_to),
    queryFn: ({ signal }) =>
      apiRequest<WeeklyStatistics>('/statistics/weekly', {
        query: range,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useWeeklyStatistics = (range: DateRange) => useQuery(weeklyQueryOptions(range));

/** GET /api/statistics/distribution: by country, dealer, category and product. */
const distributionQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: statisticsKeys.distribution(range.date_from, range.date_to),
    queryFn: ({ signal }) =>
      apiRequest<DistributionStatistics>('/statistics/distribution', {
        query: range,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useDistributionStatistics = (range: DateRange) =>
  useQuery(distributionQueryOptions(range));

/** GET /api/statistics/quarter: sales per dealer and quarter against its targets. */
const quarterQueryOptions = (year: number) =>
  queryOptions({
    queryKey: statisticsKeys.quarter(year),
    queryFn: ({ signal }) =>
      apiRequest<QuarterStatistics>('/statistics/quarter', {
        query: { year },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useQuarterStatistics = (year: number) => useQuery(quarterQueryOptions(year));

/** GET /api/statistics/top-products: the top 5 by amount and the best seller, their first. */
const topProductsQueryOptions = (range: DateRange) =>
  queryOptions({
    queryKey: statisticsKeys.topProducts(range.date_from, range.date_to),
    queryFn: ({ signal }) =>
      apiRequest<TopProducts>('/statistics/top-products', {
        query: range,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useTopProducts = (range: DateRange) => useQuery(topProductsQueryOptions(range));

export type ExportPage = 'weekly' | 'distribution' | 'quarter' | 'adobe';
type ExportRequest = {
  page: ExportPage;
  format: StatisticsExportFormat;
  params: Record<string, string | number>;
};

/** GET /api/statistics/<page>/export: the page's numbers as a file, like the orders export. */
const downloadStatisticsExport = ({ page, format, params }: ExportRequest) =>
  downloadFile(`/statistics/${page}/export`, {
    query: { format, ...params },
    fallbackName: `${page}.${format}`,
  });

export const useStatisticsExport = () => useMutation({ mutationFn: downloadStatisticsExport });
