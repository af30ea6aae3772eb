import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checkoutKeys } from './checkout-keys';

/** POST /api/basket/sell-type/{sellType}: every basket line to this way of paying. */
const moveBasketLines = (sellType: SellType) =>
  apiRequest<Basket>(`/basket/sell-type/${sellType}`, { method: 'POST' });

/** Moves the lines, then prices the checkout again; `onMoved` refreshes the basket elsewhere. */
export const useMoveBasketLines = (onMoved: () => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveBasketLines,
    onSuccess: () => {
      onMoved();
      return queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
    },
  });
};
