import type { MyPrize, PrizeClaimInput } from '@esd/shared/events/events.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsRelatedKeys } from './events-keys';

type ClaimPrizeInput = { eventId: number; prizeId: number; input: PrizeClaimInput };

const claimPrize = ({ eventId, prizeId, input }: ClaimPrizeInput) =>
  apiRequest<MyPrize>(`/events/${eventId}/prizes/${prizeId}/claim`, {
    method: 'POST',
    body: input,
  });

export const useClaimPrize = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPrize,
    // the claim dialog explains a refusal by its reason and marks the fields the server named
    meta: { notifyError: false },
    onSettled: () =>
      Promise.all(eventsRelatedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
