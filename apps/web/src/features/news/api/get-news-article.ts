import type { NewsArticle } from '@esd/shared/content/news.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { newsKeys } from './news-keys';

const getNewsArticle = (id: number, options: { signal?: AbortSignal } = {}) =>
  apiRequest<NewsArticle>(`/news/${id}`, { signal: options.signal });

const newsArticleQueryOptions = (lang: string, id: number) =>
  queryOptions({
    queryKey: newsKeys.detail(lang, id),
    queryFn: ({ signal }) => getNewsArticle(id, { signal }),
    // a missing article is a 404 page, not an error notification
    meta: { notifyError: false },
    retry: false,
  });

export const useNewsArticle = (lang: string, id: number) =>
  useQuery({ ...newsArticleQueryOptions(lang, id), enabled: Number.isInteger(id) && id > 0 });
