import type {
  DealerProductPrice,
  DealerProductPriceInput,
} from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productPriceKeys } from './dealer-keys';

/** The dealer's own fixed price or markup for one product, for its users. */
const setProductPrice = ({
  productId,
  input,
}: {
  productId: number;
  input: DealerProductPriceInput;
}) =>
  apiRequest<DealerProductPrice>(`/dealer/product-prices/${productId}`, {
    method: 'PUT',
    body: input,
  });

export const useSetProductPrice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProductPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productPriceKeys.all }),
  });
};
