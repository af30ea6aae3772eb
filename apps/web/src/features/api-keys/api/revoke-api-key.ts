import type { ApiKey } from '@esd/shared/api-keys/api-keys.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiKeyKeys } from './api-key-keys';

const revokeApiKey = (id: number) =>
  apiRequest<ApiKey>(`/dealer/api-keys/${id}/revoke`, { method: 'POST', body: {} });

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    meta: { notifyError: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
};
