import type { CheckoutInput, OrderDetail } from '@esd/shared/orders/orders.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { checkoutKeys } from './checkout-keys';

type PlaceOrderInput = CheckoutInput & { idempotencyKey: string };

/** POST /api/checkout: the basket becomes an order; a replay with the same key returns it again. */
const placeOrder = ({ idempotencyKey, ...body }: PlaceOrderInput) =>
  apiRequest<OrderDetail>('/checkout', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const usePlaceOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the button shows every refusal itself: the credit and price-change ones in the page
    meta: { notifyError: false },
    mutationFn: placeOrder,
    // the basket is gone (or the credit changed): every preview is out of date; after 409
    // PRICE_CHANGED the page keeps the new review the answer carried, to be confirmed as shown
    onSettled: (_order, error) =>
      isApiError(error) && error.errorName === 'PRICE_CHANGED'
        ? undefined
        : queryClient.invalidateQueries({ queryKey: checkoutKeys.all }),
  });
};
