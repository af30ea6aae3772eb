import type { ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './settings-keys';

export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const uploadProductImage = ({ id, file }: { id: number; file: File }) => {
  const body = new FormData();
  body.set('file', file);
  return apiRequest<ProductSettings>(`/settings/products/${id}/image`, {
    method: 'POST',
    body,
  });
};

export const useUploadProductImage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductImage,
    // the product form reports a failed upload with what was saved
    meta: { notifyError: false },
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(product.id), product);
      return queryClient.invalidateQueries({ queryKey: productKeys.lists() });
    },
  });
};
