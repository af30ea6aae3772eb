import type { ActiveSignIn } from '@esd/shared/auth/sign-ins';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

/** The account's active sign-ins, the one of this tab marked `current`. */
export const useSignIns = () =>
  useQuery({
    queryKey: profileKeys.signIns(),
    queryFn: ({ signal }) => apiRequest<ActiveSignIn[]>('/profile/sessions', { signal }),
  });

/** Ends one other sign-in: its tokens are refused at once. */
export const useEndSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(`/profile/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.signIns() }),
  });
};

/** Ends every sign-in but this one. */
export const useEndOtherSignIns = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ ended: number }>('/profile/sessions/end-others', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.signIns() }),
  });
};
