import type { Page } from '@esd/shared/api';
import type { ProductListItem } from '@esd/shared/catalogue/catalogue.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { type ProductsQuery, productKeys } from './product-keys';

const getProducts = (query: ProductsQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<ProductListItem>>('/products', {
    query,
    signal: options.signal,
  });

const productsQueryOptions = (query: ProductsQuery, lang: string) =>
  queryOptions({
    queryKey: productKeys.list(query, lang),
    queryFn: ({ signal }) => getProducts(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useProducts = (query: ProductsQuery) => {
  const { i18n } = useTranslation();
  return useQuery(productsQueryOptions(query, i18n.language));
};
