import type { FailedJobsQuery } from '@esd/shared/jobs/jobs.schemas';

/** all / lists() / list(query) of the failed (dead-letter) jobs. */
export const failedJobKeys = {
  all: ['failed-jobs'] as const,
  lists: () => [...failedJobKeys.all, 'list'] as const,
  list: (query: FailedJobsQuery) => [...failedJobKeys.lists(), query] as const,
};
