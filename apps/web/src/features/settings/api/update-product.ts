import type { ProductInput, ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys, productKeys } from './settings-keys';

const updateProduct = ({ id, input }: { id: number; input: ProductInput }) =>
  apiRequest<ProductSettings>(`/settings/products/${id}`, {
    method: 'PUT',
    body: input,
  });

export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows a refusal next to its field (a taken code) or notifies
    meta: { notifyError: false },
    mutationFn: updateProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      ]);
    },
  });
};
