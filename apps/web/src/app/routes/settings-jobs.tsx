import { FailedJobsPage } from '@/features/jobs/components/failed-jobs-page';

export const Component = FailedJobsPage;
