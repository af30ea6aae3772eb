import type { Page } from '@esd/shared/api';
import type {
  ProductSettings,
  productSettingsQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './settings-keys';

export type ProductSettingsSort = 'sku' | 'title' | 'dealer_price' | 'unit_price' | 'updated';
export type ProductSettingsQuery = z.infer<typeof productSettingsQuerySchema>;

const getProducts = (query: ProductSettingsQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<ProductSettings>>('/settings/products', {
    query,
    signal: options.signal,
  });

const productsQueryOptions = (query: ProductSettingsQuery) =>
  queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useProducts = (query: ProductSettingsQuery) => useQuery(productsQueryOptions(query));
