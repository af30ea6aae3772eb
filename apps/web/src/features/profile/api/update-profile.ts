import type { UpdateProfileInput, UserProfile } from '@esd/shared/auth/auth.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { syncStoredProfile } from '@/lib/session/session';
import { profileKeys } from './profile-keys';

const updateProfile = (input: UpdateProfileInput) =>
  apiRequest<UserProfile>('/profile', { method: 'PUT', body: input });

export const useUpdateProfile = (options: { notifyError?: boolean } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { notifyError: options.notifyError ?? true },
    onSuccess: (user) => {
      queryClient.setQueryData(profileKeys.current(), user);
      syncStoredProfile(user);
    },
  });
};
