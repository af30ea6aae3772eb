import type { AdobeSubscription } from '@esd/shared/adobe/adobe.schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { adobeKeys } from './adobe-keys';

/** GET /api/adobe/customers/{id}/subscriptions: the customer's subscriptions as Adobe has them. */
const getAdobeSubscriptions = (customerId: number, signal?: AbortSignal) =>
  apiRequest<AdobeSubscription[]>(`/adobe/customers/${customerId}/subscriptions`, { signal });

/**
 * Product titles come in the reader's language: the language is part of the key. No customer
 * (the Adobe panel before one is chosen): nothing is asked.
 */
export const useAdobeSubscriptions = (customerId: number | null) => {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: adobeKeys.subscriptions(customerId ?? 0, i18n.language),
    queryFn: ({ signal }) => getAdobeSubscriptions(customerId ?? 0, signal),
    enabled: customerId !== null,
  });
};
