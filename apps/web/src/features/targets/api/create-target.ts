import type { Target, TargetInput } from '@esd/shared/content/targets.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { targetKeys } from './targets-keys';

const createTarget = (input: TargetInput) =>
  apiRequest<Target>('/settings/targets', { method: 'POST', body: input });

export const useCreateTarget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the form shows a taken quarter next to its field; other refusals notify
    meta: { notifyError: false },
    mutationFn: createTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetKeys.all }),
  });
};
