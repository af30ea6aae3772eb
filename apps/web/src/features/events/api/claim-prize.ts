import type { MyPrize } from '@esd/shared/events/events.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { eventsRelatedKeys } from './events-keys';

const claimPrize = ({ eventId, prizeId }: { eventId: number; prizeId: number }) =>
  apiRequest<MyPrize>(`/events/${eventId}/prizes/${prizeId}/claim`, {
    method: 'POST',
    body: {},
  });

export const useClaimPrize = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimPrize,
    // the claim button explains a refusal by its reason
    meta: { notifyError: false },
    onSettled: () =>
      Promise.all(eventsRelatedKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
