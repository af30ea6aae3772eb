import type { Category } from '@esd/shared/catalogue/catalogue.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './product-keys';

const getCategories = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<Category[]>('/categories', { signal: options.signal });

const categoriesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: categoryKeys.list(lang),
    queryFn: ({ signal }) => getCategories({ signal }),
    staleTime: 5 * 60_000,
  });

export const useCategories = () => {
  const { i18n } = useTranslation();
  return useQuery(categoriesQueryOptions(i18n.language));
};
