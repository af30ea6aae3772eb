import type { retriedJobSchema } from '@esd/shared/jobs/jobs.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { failedJobKeys } from './jobs-keys';

export const retryFailedJob = (id: string) =>
  apiRequest<z.output<typeof retriedJobSchema>>(
    `/settings/jobs/failed/${encodeURIComponent(id)}/retry`,
    {
      method: 'POST',
    },
  );

export const useRetryFailedJob = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // the confirmation dialog shows a refusal itself
    meta: { notifyError: false },
    mutationFn: retryFailedJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: failedJobKeys.all }),
  });
};
