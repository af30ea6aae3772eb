import type { Page } from '@esd/shared/api';
import type { DealerProductPrice } from '@esd/shared/catalogue/settings.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { type ProductPricesQuery, productPriceKeys } from './dealer-keys';

const getProductPrices = (query: ProductPricesQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<DealerProductPrice>>('/dealer/product-prices', {
    query,
    signal: options.signal,
  });

const productPricesQueryOptions = (query: ProductPricesQuery, lang: string) =>
  queryOptions({
    queryKey: productPriceKeys.list(query, lang),
    queryFn: ({ signal }) => getProductPrices(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useProductPrices = (query: ProductPricesQuery) => {
  const { i18n } = useTranslation();
  return useQuery(productPricesQueryOptions(query, i18n.language));
};
