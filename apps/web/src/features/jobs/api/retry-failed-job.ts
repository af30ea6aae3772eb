import type { RetriedJob } from '@esd/shared/jobs/jobs.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { failedJobKeys } from './jobs-keys';

const retryFailedJob = (id: string) =>
  apiRequest<RetriedJob>(`/settings/jobs/failed/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
  });

export const useRetryFailedJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the confirmation dialog shows a refusal itself
    meta: { notifyError: false },
    mutationFn: retryFailedJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedJobKeys.all }),
  });
};
