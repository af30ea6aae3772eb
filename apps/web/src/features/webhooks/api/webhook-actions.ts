import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@esd/shared/webhooks/webhooks.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys } from './webhook-keys';

const useWebhookAction = <V, R>(call: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
};

/** A new signing secret; the previous one signs beside it for 24 hours. */
export const useRollWebhookSecret = () =>
  useWebhookAction((id: number) =>
    apiRequest<WebhookEndpointWithSecret>(`/dealer/webhooks/${id}/roll-secret`, {
      method: 'POST',
    }),
  );

export const useEnableWebhook = () =>
  useWebhookAction((id: number) =>
    apiRequest<WebhookEndpoint>(`/dealer/webhooks/${id}/enable`, { method: 'POST' }),
  );

/** Sends a `ping` event to the endpoint. */
export const usePingWebhook = () =>
  useWebhookAction((id: number) =>
    apiRequest<WebhookDelivery>(`/dealer/webhooks/${id}/ping`, { method: 'POST' }),
  );

export const useResendWebhookDelivery = () =>
  useWebhookAction(({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
    apiRequest<WebhookDelivery>(`/dealer/webhooks/${endpointId}/deliveries/${deliveryId}/resend`, {
      method: 'POST',
    }),
  );
