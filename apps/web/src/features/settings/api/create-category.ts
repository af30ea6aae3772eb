import type { CategoryInput, CategorySettings } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys, categoryOptionKeys } from './settings-keys';

const createCategory = (input: CategoryInput) =>
  apiRequest<CategorySettings>('/settings/categories', {
    method: 'POST',
    body: input,
  });

export const useCreateCategory = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows a refusal next to its field (a taken code) or notifies
    meta: { notifyError: false },
    mutationFn: createCategory,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryOptionKeys.all }),
      ]),
  });
};
