import type { Page } from '@esd/shared/api';
import type { ProductListItem, ProductListQuery } from '@esd/shared/catalogue/catalogue.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';

const getProducts = (query: ProductListQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<ProductListItem>>('/products', {
    query,
    signal: options.signal,
  });

const productsQueryOptions = (query: ProductListQuery, lang: string) =>
  queryOptions({
    queryKey: productKeys.list(query, lang),
    queryFn: ({ signal }) => getProducts(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useProducts = (query: ProductListQuery) => {
  const { i18n } = useTranslation();
  return useQuery(productsQueryOptions(query, i18n.language));
};
