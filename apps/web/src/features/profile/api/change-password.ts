import { type ChangePasswordInput, refreshDataSchema } from '@esd/shared/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setToken } from '@/lib/storage';

/** The server ends the other sessions and hands this one a fresh token, which is kept. */
export const changePassword = async (input: ChangePasswordInput) => {
  const data = await apiRequest('/profile/password', {
    method: 'POST',
    body: input,
    schema: refreshDataSchema,
  });
  setToken({ token: data.token, expiry: data.token_expired });
  return data;
};

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
