import type { UserGroup, UserGroupInput } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealerUserKeys, userGroupKeys } from './dealer-keys';

const updateUserGroup = ({ id, input }: { id: number; input: UserGroupInput }) =>
  apiRequest<UserGroup>(`/dealer/groups/${id}`, {
    method: 'PUT',
    body: input,
  });

export const useUpdateUserGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserGroup,
    meta: { notifyError: false },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userGroupKeys.all }),
        queryClient.invalidateQueries({ queryKey: dealerUserKeys.all }),
      ]),
  });
};
