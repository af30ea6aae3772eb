import type { AdobePriceOption, AdobePriceRequest } from '@esd/shared/adobe/adobe.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Spec 7: POST /api/getAdobeProductPriceByCustomer, Adobe's price preview for this customer,
 * quantity and commitment. A mutation: it is asked for by a button and its answer belongs to
 * the inputs it was asked with, not to a cache.
 */
const getAdobePrice = (input: AdobePriceRequest) =>
  apiRequest<AdobePriceOption[]>('/getAdobeProductPriceByCustomer', {
    method: 'POST',
    body: input,
  });

export const useAdobePrice = () =>
  useMutation({
    // the panel shows the refusal where the options would be
    meta: { notifyError: false },
    mutationFn: getAdobePrice,
  });
