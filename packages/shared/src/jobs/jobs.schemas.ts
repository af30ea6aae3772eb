import { z } from 'zod';
import { paginationQuerySchema } from '../api';

/** The job queues whose exhausted jobs reach a dead-letter queue admins can see. */
export const jobQueueNames = [
  'deliver-order',
  'order-mail',
  'delivery-watch',
  'adobe-renewals',
  /** the central bank's daily USD rate, fetched (modules/settings/rates.jobs.ts) */
  'fetch-cbar-rate',
  /** the noon check that mails global admins when today's rate is missing */
  'rate-missing-alert',
  'admin-notice',
  'admin-digest',
  /** one attempt of a dealer's webhook delivery (modules/webhooks/webhooks.jobs.ts) */
  'webhook-delivery',
] as const;
export const jobQueueSchema = z.enum(jobQueueNames);
export type JobQueue = z.infer<typeof jobQueueSchema>;

export const failedJobsQuerySchema = paginationQuerySchema;
export type FailedJobsQuery = z.infer<typeof failedJobsQuerySchema>;

/** A job that spent all its retries, as it waits in its queue's dead letters. */
export const failedJobSchema = z.object({
  /** the id of the dead-letter job (the one to retry) */
  id: z.uuid(),
  /** the queue it failed in and goes back to on retry */
  queue: jobQueueSchema,
  /** the order the job was about, when it was about one */
  order_id: z.number().int().nullable(),
  /** the last error message */
  error: z.string().nullable(),
  /** how many times it ran */
  attempts: z.number().int(),
  failed_at: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobParamsSchema = z.object({ id: z.uuid() });

export const retriedJobSchema = z.object({
  queue: jobQueueSchema,
  /** the id of the new job in the original queue */
  job_id: z.uuid(),
});
export type RetriedJob = z.infer<typeof retriedJobSchema>;
