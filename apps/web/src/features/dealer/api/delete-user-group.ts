import type { UserGroup } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealerUserKeys, userGroupKeys } from './dealer-keys';

const deleteUserGroup = (id: number) =>
  apiRequest<UserGroup>(`/dealer/groups/${id}`, { method: 'DELETE' });

export const useDeleteUserGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserGroup,
    // the confirmation modal shows a refusal itself
    meta: { notifyError: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userGroupKeys.all }),
        queryClient.invalidateQueries({ queryKey: dealerUserKeys.all }),
      ]),
  });
};
