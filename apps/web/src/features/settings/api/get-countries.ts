import type { Page } from '@esd/shared/api';
import type { Country } from '@esd/shared/catalogue/settings.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@/components/use-list-query';
import { apiRequest } from '@/lib/api-client';
import { countryKeys } from './settings-keys';

export type CountrySort = 'code' | 'name' | 'users';

const getCountries = (query: ListQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<Country>>('/settings/countries', {
    query,
    signal: options.signal,
  });

const countriesQueryOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: countryKeys.list(query),
    queryFn: ({ signal }) => getCountries(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCountries = (query: ListQuery) => useQuery(countriesQueryOptions(query));
