import type { Page } from '@esd/shared/api';
import type { NewsCard } from '@esd/shared/content/news.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newsKeys } from './news-keys';

const getNews = (
  query: { page: number; perPage: number },
  options: { signal?: AbortSignal } = {},
) => apiRequest<Page<NewsCard>>('/news', { query, signal: options.signal });

const newsQueryOptions = (lang: string, page: number, perPage: number) =>
  queryOptions({
    queryKey: newsKeys.list(lang, page, perPage),
    queryFn: ({ signal }) => getNews({ page, perPage }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useNews = (lang: string, page: number, perPage: number) =>
  useQuery(newsQueryOptions(lang, page, perPage));
