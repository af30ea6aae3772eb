import type { ForgotPasswordInput } from '@esd/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The answer is the same whether or not the e-mail belongs to an account. */
const requestPasswordReset = (input: ForgotPasswordInput) =>
  apiRequest<unknown>('/auth/forgot-password', {
    method: 'POST',
    body: input,
    onUnauthorized: 'ignore',
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
