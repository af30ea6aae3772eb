import type { Page } from '@esd/shared/api';
import type { KeyStock } from '@esd/shared/orders/orders.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { type KeyStockQuery, keyStockKeys } from './key-stock-keys';

const getKeyStock = (query: KeyStockQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<KeyStock>>('/keys/stock', {
    query: {
      page: query.page,
      perPage: query.perPage,
      q: query.q,
      low: query.low === undefined ? undefined : String(query.low),
    },
    signal: options.signal,
  });

const keyStockQueryOptions = (query: KeyStockQuery, lang: string) =>
  queryOptions({
    queryKey: keyStockKeys.list(query, lang),
    queryFn: ({ signal }) => getKeyStock(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useKeyStock = (query: KeyStockQuery) => {
  const { i18n } = useTranslation();
  return useQuery(keyStockQueryOptions(query, i18n.language));
};
