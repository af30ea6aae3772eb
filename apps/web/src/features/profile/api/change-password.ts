import { type ChangePasswordInput, refreshDataSchema } from '@esd/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/storage';

const changePassword = (input: ChangePasswordInput) =>
  apiRequest<unknown>('/profile/password', { method: 'POST', body: input });

/**
 * A password change signs out every other session; the server hands this one a fresh token
 * ({ token, token_expired }), which replaces the stored one so this tab stays signed in.
 */
export const useChangePassword = () =>
  useMutation({
    mutationFn: changePassword,
    onSuccess: (data) => {
      const fresh = refreshDataSchema.safeParse(data);
      if (fresh.success) setToken({ token: fresh.data.token, expiry: fresh.data.token_expired });
    },
  });
