import type { ProductInput, ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys, productKeys } from './settings-keys';

const createProduct = (input: ProductInput) =>
  apiRequest<ProductSettings>('/settings/products', {
    method: 'POST',
    body: input,
  });

export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows a refusal next to its field (a taken code) or notifies
    meta: { notifyError: false },
    mutationFn: createProduct,
    // products_count of the categories changes too
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      ]),
  });
};
