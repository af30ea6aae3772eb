import type { Page } from '@esd/shared/api';
import type { FailedJob, FailedJobsQuery } from '@esd/shared/jobs/jobs.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { failedJobKeys } from './jobs-keys';

const getFailedJobs = (query: FailedJobsQuery, options: { signal?: AbortSignal } = {}) =>
  apiRequest<Page<FailedJob>>('/settings/jobs/failed', {
    query,
    signal: options.signal,
  });

const failedJobsQueryOptions = (query: FailedJobsQuery) =>
  queryOptions({
    queryKey: failedJobKeys.list(query),
    queryFn: ({ signal }) => getFailedJobs(query, { signal }),
    placeholderData: keepPreviousData,
  });

export const useFailedJobs = (query: FailedJobsQuery) => useQuery(failedJobsQueryOptions(query));
