import type { DealerProductPrice } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productPriceKeys } from './dealer-keys';

/** Drops the dealer's own setting: its users are priced by group markup or unit price again. */
const resetProductPrice = (productId: number) =>
  apiRequest<DealerProductPrice>(`/dealer/product-prices/${productId}`, {
    method: 'DELETE',
  });

export const useResetProductPrice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetProductPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productPriceKeys.all }),
  });
};
