import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { storeBasket } from './get-basket';

/** `count` = the line's quantity takes the whole line away. */
type RemoveFromBasketInput = { lineId: number; count: number };

/** Spec 7: GET /api/basket/remove/{itemId}/{count}; the answer is the basket. */
const removeFromBasket = ({ lineId, count }: RemoveFromBasketInput) =>
  apiRequest<Basket>(`/basket/remove/${lineId}/${count}`, {});

export const useRemoveFromBasket = () => {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: removeFromBasket,
    onSuccess: (basket) => storeBasket(queryClient, basket, i18n.language),
  });
};
