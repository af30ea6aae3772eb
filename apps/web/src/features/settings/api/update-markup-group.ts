import type { MarkupGroup, MarkupGroupInput } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { markupGroupKeys } from './settings-keys';

const updateMarkupGroup = ({ id, input }: { id: number; input: MarkupGroupInput }) =>
  apiRequest<MarkupGroup>(`/settings/markup-groups/${id}`, {
    method: 'PUT',
    body: input,
  });

export const useUpdateMarkupGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows a refusal next to its field (a taken code) or notifies
    meta: { notifyError: false },
    mutationFn: updateMarkupGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: markupGroupKeys.all }),
  });
};
