import type { CategoryInput, CategorySettings } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys, categoryOptionKeys } from './settings-keys';

const updateCategory = ({ id, input }: { id: number; input: CategoryInput }) =>
  apiRequest<CategorySettings>(`/settings/categories/${id}`, {
    method: 'PUT',
    body: input,
  });

export const useUpdateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows a refusal next to its field (a taken code) or notifies
    meta: { notifyError: false },
    mutationFn: updateCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryOptionKeys.all }),
      ]),
  });
};
