import type {
  PartnerApplicationInput,
  PartnerApplicationReceipt,
} from '@esd/shared/partners/partners.schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const submitPartnerApplication = (input: PartnerApplicationInput) =>
  apiRequest<PartnerApplicationReceipt>('/partners/applications', {
    method: 'POST',
    body: input,
  });

export const useSubmitPartnerApplication = () =>
  useMutation({
    // the form shows duplicates and field refusals next to their fields
    meta: { notifyError: false },
    mutationFn: submitPartnerApplication,
  });
