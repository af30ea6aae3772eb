import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { storeBasket } from './get-basket';

type AddToBasketInput = { productId: number; quantity: number; sellType: SellType };

/** Spec 7: GET /api/basket/add/{productId}/{quantity}/{sellType}; the answer is the basket. */
const addToBasket = ({ productId, quantity, sellType }: AddToBasketInput) =>
  apiRequest<Basket>(`/basket/add/${productId}/${quantity}/${sellType}`, {});

export const useAddToBasket = () => {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: addToBasket,
    onSuccess: (basket) => storeBasket(queryClient, basket, i18n.language),
  });
};
