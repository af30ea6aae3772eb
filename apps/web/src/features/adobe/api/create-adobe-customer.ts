import type { AdobeCustomerInput, AdobeCustomerListItem } from '@esd/shared/adobe/adobe.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adobeKeys } from './adobe-keys';

/** POST /api/adobe/customers: the customer is created at Adobe, then listed as the dealer's. */
const createAdobeCustomer = (input: AdobeCustomerInput) =>
  apiRequest<AdobeCustomerListItem>('/adobe/customers', {
    method: 'POST',
    body: input,
  });

export const useCreateAdobeCustomer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows the refusal itself (Adobe's reason, or the fields it points at)
    meta: { notifyError: false },
    mutationFn: createAdobeCustomer,
    onSuccess: (created) => {
      // the new customer can be selected at once, before the list is fetched again
      queryClient.setQueryData<AdobeCustomerListItem[]>(adobeKeys.customers(), (list) =>
        list ? [...list.filter((item) => item.id !== created.id), created] : [created],
      );
      void queryClient.invalidateQueries({ queryKey: adobeKeys.customers() });
    },
  });
};
