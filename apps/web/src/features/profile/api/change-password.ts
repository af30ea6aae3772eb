import type { ChangePasswordInput } from '@esd/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const changePassword = (input: ChangePasswordInput) =>
  apiRequest('/profile/password', { method: 'POST', body: input, schema: z.unknown() });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
