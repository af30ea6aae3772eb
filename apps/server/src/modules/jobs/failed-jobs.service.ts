import { randomUUID } from 'node:crypto';
import type { FailedJob, FailedJobsQuery, JobQueue } from '@esd/shared/jobs/jobs.schemas';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import { type AuditActor, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  claimFailedJob,
  countFailedJobs,
  findFailedJobRows,
  queueOfDeadLetter,
  unclaimFailedJob,
} from './failed-jobs.repository';

/** Jobs that spent their retries (dead letters): listed and re-queued by global admins. */
export const createFailedJobsService = ({ db, boss }: { db: Db; boss: Pick<PgBoss, 'send'> }) => ({
  /** Jobs that spent their retries, newest first. */
  list: async (query: FailedJobsQuery) => {
    const [rows, total] = await Promise.all([findFailedJobRows(db, query), countFailedJobs(db)]);
    const items: FailedJob[] = rows.map((row) => ({
      id: String(row.id),
      queue: queueOfDeadLetter.get(String(row.name)) as JobQueue,
      order_id: /^\d+$/.test(String(row.orderId ?? '')) ? Number(row.orderId) : null,
      error: row.error === null || row.error === undefined ? null : String(row.error),
      // pg-boss gives up once a job has run retry_limit + 1 times
      attempts: Number(row.retryLimit) + 1,
      failed_at: new Date(row.failedAt as string | Date).toISOString(),
    }));
    return { items, total };
  },

  /**
   * Sends a dead-letter job back to the queue it failed in, as a new job with that queue's
   * retries. The dead-letter job is claimed first (created → completed), so two admins clicking
   * at once re-queue it once; if queuing then fails, the claim is undone.
   */
  retry: async (id: string, actor: AuditActor) => {
    const newId = randomUUID();
    const claimed = await claimFailedJob(db, { id, newId, actorId: actor.actorId });
    if (!claimed) throw new AppError('NOT_FOUND', 'No failed job with this id waits for a retry.');
    const queue = queueOfDeadLetter.get(String(claimed.name)) as JobQueue;
    try {
      await boss.send(queue, (claimed.data ?? {}) as object, { id: newId });
    } catch (error) {
      await unclaimFailedJob(db, id, String(claimed.name));
      throw error;
    }
    await writeAudit(db, actor, {
      action: 'job.retry',
      entityType: 'job',
      before: { queue, failed_job_id: id },
      after: { queue, job_id: newId },
    });
    return { queue: queue as JobQueue, job_id: newId };
  },
});
