import { type ChangePasswordInput, refreshDataSchema } from '@esd/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/storage';

/**
 * A password change signs out every other session; the server hands this one a fresh token
 * ({ token, token_expired }), which replaces the stored one before the call resolves: whatever
 * the answer sets off at once (the navigation's counts refetch after every change) already
 * carries the fresh token, never the one the change ended.
 */
const changePassword = async (input: ChangePasswordInput) => {
  const data = await apiRequest<unknown>('/profile/password', { method: 'POST', body: input });
  const fresh = refreshDataSchema.safeParse(data);
  if (fresh.success) setToken({ token: fresh.data.token, expiry: fresh.data.token_expired });
  return data;
};

/** Changes the signed-in user's password; this tab stays signed in. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
