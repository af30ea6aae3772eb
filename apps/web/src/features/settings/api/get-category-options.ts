import type { Category } from '@esd/shared/catalogue/catalogue.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { categoryOptionKeys } from './settings-keys';

/** Every category, named in the interface language: for pickers and filters. */
const getCategoryOptions = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<Category[]>('/categories', { signal: options.signal });

const categoryOptionsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: categoryOptionKeys.list(lang),
    queryFn: ({ signal }) => getCategoryOptions({ signal }),
    staleTime: 5 * 60_000,
  });

export const useCategoryOptions = () => {
  const { i18n } = useTranslation();
  return useQuery(categoryOptionsQueryOptions(i18n.language));
};
