import type { Page } from '@esd/shared/api';
import type { NewsSettings, NewsSettingsQuery } from '@esd/shared/content/news.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newsSettingsKeys } from './news-keys';

const getNewsSettings = (query: NewsSettingsQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<NewsSettings>>('/settings/news', {
    query,
    signal: options.signal,
  });

const newsSettingsQueryOptions = (query: NewsSettingsQuery) =>
  queryOptions({
    queryKey: newsSettingsKeys.list(query),
    queryFn: ({ signal }) => getNewsSettings(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useNewsSettings = (query: NewsSettingsQuery) =>
  useQuery(newsSettingsQueryOptions(query));
