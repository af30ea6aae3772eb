import type {
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointWithSecret,
} from '@esd/shared/webhooks/webhooks.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys } from './webhook-keys';

/** Adds an endpoint; `onCreated` gets it with its secret, shown once. */
export const useCreateWebhook = (onCreated: (endpoint: WebhookEndpointWithSecret) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) =>
      apiRequest<WebhookEndpointWithSecret>('/dealer/webhooks', { method: 'POST', body: input }),
    // the form shows a refused URL next to its field
    meta: { notifyError: false },
    onSuccess: async (endpoint) => {
      onCreated(endpoint);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    },
  });
};

export const useUpdateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: WebhookEndpointInput }) =>
      apiRequest<WebhookEndpoint>(`/dealer/webhooks/${id}`, { method: 'PUT', body: input }),
    meta: { notifyError: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/dealer/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};
