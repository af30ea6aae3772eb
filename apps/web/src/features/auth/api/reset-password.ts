import type { ResetPasswordInput } from '@esd/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const resetPassword = (input: ResetPasswordInput) =>
  apiRequest('/auth/reset-password', {
    method: 'POST',
    body: input,
    schema: z.unknown(),
    onUnauthorized: 'ignore',
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
