import type { WebhookEndpoint } from '@esd/shared/webhooks/webhooks.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys } from './webhook-keys';

const getWebhooks = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<WebhookEndpoint[]>('/dealer/webhooks', { signal: options.signal });

const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => getWebhooks({ signal }),
  });

export const useWebhooks = () => useQuery(webhooksQueryOptions());
