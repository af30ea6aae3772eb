import type {
  ApprovePartnerInput,
  PartnerReviewResult,
  RejectPartnerInput,
} from '@esd/shared/partners/partners.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from './partners-keys';

export const approvePartnerApplication = ({
  id,
  input,
}: {
  id: number;
  input: ApprovePartnerInput;
}) =>
  apiRequest<PartnerReviewResult>(`/settings/partner-applications/${id}/approve`, {
    method: 'POST',
    body: input,
  });

const rejectPartnerApplication = ({ id, input }: { id: number; input: RejectPartnerInput }) =>
  apiRequest<PartnerReviewResult>(`/settings/partner-applications/${id}/reject`, {
    method: 'POST',
    body: input,
  });

/** A decision changes the list, its counts and the record: refetch all of them, also on a refusal. */
const useReview = <I>(
  mutationFn: (variables: { id: number; input: I }) => ReturnType<typeof approvePartnerApplication>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    // the dialogs explain the refusals they know (already decided, e-mail taken)
    meta: { notifyError: false },
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.applications }),
  });
};

export const useApprovePartnerApplication = () => useReview(approvePartnerApplication);
export const useRejectPartnerApplication = () => useReview(rejectPartnerApplication);
