import type {
  CreateUserInput,
  ManagedUser,
  UpdateUserInput,
} from '@esd/shared/users/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditKeys, userKeys } from './users-keys';

const createUser = (input: CreateUserInput) =>
  apiRequest<ManagedUser>('/settings/users', {
    method: 'POST',
    body: input,
  });

const updateUser = ({ id, input }: { id: number; input: UpdateUserInput }) =>
  apiRequest<ManagedUser>(`/settings/users/${id}`, {
    method: 'PATCH',
    body: input,
  });

const useInvalidateUsers = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: auditKeys.all }),
    ]);
};

export const useCreateUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    // the form shows refusals next to their field, or notifies
    meta: { notifyError: false },
    mutationFn: createUser,
    onSuccess: invalidate,
  });
};

export const useUpdateUser = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { notifyError: false },
    mutationFn: updateUser,
    onSuccess: invalidate,
  });
};

export type UserAction = 'deactivate' | 'activate' | 'reset-password' | 'reset-second-factors';

const runUserAction = ({ id, action }: { id: number; action: UserAction }) =>
  apiRequest<ManagedUser>(`/settings/users/${id}/${action}`, {
    method: 'POST',
  });

export const useUserAction = () => {
  const invalidate = useInvalidateUsers();
  return useMutation({
    meta: { notifyError: false },
    mutationFn: runUserAction,
    onSuccess: invalidate,
  });
};
