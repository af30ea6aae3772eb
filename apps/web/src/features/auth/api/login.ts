import type { LoginInput } from '@esd/shared/auth/auth.schemas';
import type { LoginResult } from '@esd/shared/auth/mfa.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const login = (input: LoginInput) =>
  apiRequest<LoginResult>('/auth/login', {
    method: 'POST',
    body: input,
    onUnauthorized: 'ignore',
  });

/** The login form shows its own 2.5 s error notification (spec 8), so the global one is off. */
export const useLogin = () => useMutation({ mutationFn: login, meta: { notifyError: false } });
