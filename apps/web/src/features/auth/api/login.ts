import type { LoginInput, loginDataSchema } from '@esd/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export const login = (input: LoginInput) =>
  apiRequest<z.output<typeof loginDataSchema>>('/auth/login', {
    method: 'POST',
    body: input,
    onUnauthorized: 'ignore',
  });

/** The login form shows its own 2.5 s error notification (spec 8), so the global one is off. */
export const useLogin = () => useMutation({ mutationFn: login, meta: { notifyError: false } });
