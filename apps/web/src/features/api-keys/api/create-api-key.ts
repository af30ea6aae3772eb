import type { CreateApiKeyInput, CreatedApiKey } from '@esd/shared/api-keys/api-keys.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiKeyKeys } from './api-key-keys';

const createApiKey = (input: CreateApiKeyInput) =>
  apiRequest<CreatedApiKey>('/dealer/api-keys', { method: 'POST', body: input });

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    // the modal shows a refusal itself
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
};
