import type { UserGroup, UserGroupInput } from '@esd/shared/catalogue/settings.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dealerUserKeys, userGroupKeys } from './dealer-keys';

const createUserGroup = (input: UserGroupInput) =>
  apiRequest<UserGroup>('/dealer/groups', { method: 'POST', body: input });

export const useCreateUserGroup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUserGroup,
    // the form shows a refusal next to its field (a taken name) or notifies
    meta: { notifyError: false },
    // members moved from other groups: both lists change
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userGroupKeys.all }),
        queryClient.invalidateQueries({ queryKey: dealerUserKeys.all }),
      ]),
  });
};
