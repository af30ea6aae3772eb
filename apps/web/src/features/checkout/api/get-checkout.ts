import type { CheckoutPreview } from '@esd/shared/orders/orders.schemas';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** GET /api/checkout?sell_type=: the basket priced now for one way of paying. */
const getCheckout = (sellType: SellType | undefined, options: { signal?: AbortSignal } = {}) =>
  apiRequest<CheckoutPreview>('/checkout', {
    query: { sell_type: sellType },
    signal: options.signal,
  });

const checkoutQueryOptions = (sellType: SellType | undefined, lang: string) =>
  queryOptions({
    queryKey: checkoutKeys.preview(sellType, lang),
    queryFn: ({ signal }) => getCheckout(sellType, { signal }),
    // the basket priced now: opened again, the page asks again (a line added on a product
    // page since, in this language or another, or a new rate), never a copy up to 30 s old
    staleTime: 0,
    // switching the way of paying keeps the page in place while the new prices load
    placeholderData: keepPreviousData,
  });

/** `enabled: false` holds the request while the page still learns which way of paying to ask. */
export const useCheckout = (
  sellType: SellType | undefined,
  options: { enabled?: boolean } = {},
) => {
  const { i18n } = useTranslation();
  return useQuery({
    ...checkoutQueryOptions(sellType, i18n.language),
    enabled: options.enabled ?? true,
  });
};
