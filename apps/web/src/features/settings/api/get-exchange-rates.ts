import type { Page } from '@esd/shared/api';
import type { ExchangeRate } from '@esd/shared/catalogue/settings.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@/components/use-list-query';
import { apiRequest } from '@/lib/api-client';
import { rateKeys } from './settings-keys';

/** Newest date first (the server's fixed order). */
const getExchangeRates = (query: ListQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<ExchangeRate>>('/settings/exchange-rates', {
    query,
    signal: options.signal,
  });

const exchangeRatesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: rateKeys.list(query),
    queryFn: ({ signal }) => getExchangeRates(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useExchangeRates = (query: ListQuery) => useQuery(exchangeRatesQueryOptions(query));
