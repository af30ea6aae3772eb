import type { CategorySettings } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys, categoryOptionKeys } from './settings-keys';

const deleteCategory = (id: number) =>
  apiRequest<CategorySettings>(`/settings/categories/${id}`, {
    method: 'DELETE',
  });

export const useDeleteCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // the confirmation modal shows the refusal (IN_USE) itself
    meta: { notifyError: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryOptionKeys.all }),
      ]),
  });
};
