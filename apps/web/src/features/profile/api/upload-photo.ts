import type { UserProfile } from '@esd/shared/auth/auth.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { syncStoredProfile } from '@/lib/session/session';
import { profileKeys } from './profile-keys';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const uploadPhoto = (file: File) => {
  const body = new FormData();
  body.set('file', file);
  return apiRequest<UserProfile>('/profile/photo', { method: 'POST', body });
};

export const useUploadPhoto = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: (user) => {
      queryClient.setQueryData(profileKeys.current(), user);
      syncStoredProfile(user);
    },
  });
};
