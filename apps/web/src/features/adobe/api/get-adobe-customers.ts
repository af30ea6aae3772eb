import type { AdobeCustomerListItem } from '@esd/shared/adobe/adobe.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adobeKeys } from './adobe-keys';

/** Spec 7: GET /api/getAdobeCustomerList, the dealer's own Adobe customers. */
const getAdobeCustomers = (options: { signal?: AbortSignal } = {}) =>
  apiRequest<AdobeCustomerListItem[]>('/getAdobeCustomerList', {
    signal: options.signal,
  });

const adobeCustomersQueryOptions = () =>
  queryOptions({
    queryKey: adobeKeys.customers(),
    queryFn: ({ signal }) => getAdobeCustomers({ signal }),
  });

export const useAdobeCustomers = () => useQuery(adobeCustomersQueryOptions());

/**
 * GET /api/adobe/customers: the same list under the portal's own path, for the subscriptions
 * page (a key of its own under the customers', so a new customer refreshes both).
 */
export const useAdobeCustomerList = () =>
  useQuery({
    queryKey: [...adobeKeys.customers(), 'portal'],
    queryFn: ({ signal }) => apiRequest<AdobeCustomerListItem[]>('/adobe/customers', { signal }),
  });
