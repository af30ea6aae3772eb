import type { MarkupGroup } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { markupGroupKeys } from './settings-keys';

const deleteMarkupGroup = (id: number) =>
  apiRequest<MarkupGroup>(`/settings/markup-groups/${id}`, {
    method: 'DELETE',
  });

export const useDeleteMarkupGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMarkupGroup,
    // the confirmation modal shows the refusal (IN_USE) itself
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: markupGroupKeys.all }),
  });
};
