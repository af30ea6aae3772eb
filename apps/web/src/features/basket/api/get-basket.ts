import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { basketKeys } from './basket-keys';

const getBasket = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<Basket>('/basket', { signal: options.signal });

const basketQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: basketKeys.current(lang),
    queryFn: ({ signal }) => getBasket({ signal }),
  });

/** The one basket query of the page: cards, the product page and the drawer share it. */
export const useBasket = (options: { enabled?: boolean } = {}) => {
  const { i18n } = useTranslation();
  return useQuery({ ...basketQueryOptions(i18n.language), enabled: options.enabled ?? true });
};

/**
 * Every add or remove answers with the whole new basket (spec 7): it becomes the cached one
 * instead of a refetch; copies in other languages are only marked stale.
 */
export const storeBasket = (queryClient: QueryClient, basket: Basket, lang: string) => {
  void queryClient.invalidateQueries({ queryKey: basketKeys.all, refetchType: 'none' });
  queryClient.setQueryData(basketKeys.current(lang), basket);
};
