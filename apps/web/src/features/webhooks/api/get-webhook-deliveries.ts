import type { Page } from '@esd/shared/api';
import type { WebhookDelivery } from '@esd/shared/webhooks/webhooks.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys } from './webhook-keys';

export const DELIVERIES_PER_PAGE = 10;

const getWebhookDeliveries = (endpointId: number, page: number, signal?: AbortSignal) =>
  apiRequest<Page<WebhookDelivery>>(`/dealer/webhooks/${endpointId}/deliveries`, {
    query: { page, perPage: DELIVERIES_PER_PAGE },
    signal,
  });

/** An endpoint's delivery log, newest first; polled while a delivery is still on its way. */
export const useWebhookDeliveries = (endpointId: number | null, page: number) =>
  useQuery({
    queryKey: webhookKeys.deliveries(endpointId ?? 0, page),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId!, page, signal),
    enabled: endpointId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((d) => d.status === 'pending' || d.status === 'failed')
        ? 2000
        : false,
  });
