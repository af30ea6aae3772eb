import type { ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys, productKeys } from './settings-keys';

const deleteProduct = (id: number) =>
  apiRequest<ProductSettings>(`/settings/products/${id}`, {
    method: 'DELETE',
  });

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // the confirmation modal shows the refusal (IN_USE) itself
    meta: { notifyError: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      ]),
  });
};
