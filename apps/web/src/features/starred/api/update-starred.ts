import type { StarredPage, StarredPages } from '@esd/shared/auth/auth.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { starredKeys } from './starred-keys';

const updateStarredPages = (pages: StarredPage[]) =>
  apiRequest<StarredPages>('/profile/starred', {
    method: 'PUT',
    body: pages,
  });

export const useUpdateStarredPages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStarredPages,
    onSuccess: (pages) => queryClient.setQueryData(starredKeys.list(), pages),
  });
};
