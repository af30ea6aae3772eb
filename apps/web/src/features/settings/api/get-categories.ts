import type { Page } from '@esd/shared/api';
import type { CategorySettings } from '@esd/shared/catalogue/settings.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@/components/use-list-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './settings-keys';

export type CategorySort = 'slug' | 'name' | 'products';

const getCategories = (query: ListQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<CategorySettings>>('/settings/categories', {
    query,
    signal: options.signal,
  });

const categoriesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: categoryKeys.list(query),
    queryFn: ({ signal }) => getCategories(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCategories = (query: ListQuery) => useQuery(categoriesQueryOptions(query));
