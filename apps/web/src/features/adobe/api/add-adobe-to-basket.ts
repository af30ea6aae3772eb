import type { AdobePriceRequest } from '@esd/shared/adobe/adobe.schemas';
import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Spec 7: POST /api/basket/add/adobe with the price request and the chosen option's id. */
const addAdobeToBasket = (input: AdobePriceRequest) =>
  apiRequest<Basket>('/basket/add/adobe', { method: 'POST', body: input });

/**
 * The answer is the whole new basket; the basket feature keeps it (`onBasket`, wired by the
 * app), as after any other basket change.
 */
export const useAddAdobeToBasket = (onBasket: (basket: Basket) => void) =>
  useMutation({
    meta: { notifyError: false },
    mutationFn: addAdobeToBasket,
    onSuccess: onBasket,
  });
