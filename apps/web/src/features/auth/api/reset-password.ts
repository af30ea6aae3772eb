import type { ResetPasswordInput } from '@esd/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const resetPassword = (input: ResetPasswordInput) =>
  apiRequest<unknown>('/auth/reset-password', {
    method: 'POST',
    body: input,
    onUnauthorized: 'ignore',
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
