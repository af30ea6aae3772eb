import { randomUUID } from 'node:crypto';
import {
  type FailedJob,
  type FailedJobsQuery,
  type JobQueue,
  jobQueueNames,
} from '@esd/shared/jobs/jobs.schemas';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOBS_SCHEMA } from '../../db/migrate';
import { type AuditActor, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { deadLetterOf } from '../../plugins/jobs';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] =>
  Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? []);

const jobTable = sql.raw(`${JOBS_SCHEMA}.job`);
const queueOfDeadLetter = new Map<string, JobQueue>(
  jobQueueNames.map((queue) => [deadLetterOf(queue), queue]),
);
// a dead-letter job waits in 'created' (nothing works these queues); a retried one is completed
const waiting = sql`name in (${sql.join(
  [...queueOfDeadLetter.keys()].map((name) => sql`${name}`),
  sql`, `,
)}) and state = 'created'`;

/** The error text pg-boss kept: a thrown error's message, or its own timeout note. */
const errorOf = sql`left(coalesce(output->>'message', output->'value'->>'message', output::text), 1000)`;

/** Jobs that spent their retries, newest first. */
export const listFailedJobs = async (app: FastifyInstance, query: FailedJobsQuery) => {
  const [rows, counted] = await Promise.all([
    app.db.execute(sql`
      select id::text as id, name, data->>'orderId' as "orderId", ${errorOf} as error,
        retry_limit as "retryLimit", created_on as "failedAt"
      from ${jobTable} where ${waiting}
      order by created_on desc, id
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
    app.db.execute(sql`select count(*)::int as n from ${jobTable} where ${waiting}`),
  ]);
  const items: FailedJob[] = rowsOf(rows).map((row) => ({
    id: String(row.id),
    queue: queueOfDeadLetter.get(String(row.name)) as JobQueue,
    order_id: /^\d+$/.test(String(row.orderId ?? '')) ? Number(row.orderId) : null,
    error: row.error === null || row.error === undefined ? null : String(row.error),
    // pg-boss gives up once a job has run retry_limit + 1 times
    attempts: Number(row.retryLimit) + 1,
    failed_at: new Date(row.failedAt as string | Date).toISOString(),
  }));
  return { items, total: Number(rowsOf(counted)[0]?.n ?? 0) };
};

/** How many jobs wait in the dead letters (metrics and readiness). */
export const countFailedJobs = async (app: FastifyInstance) => {
  const result = await app.db.execute(
    sql`select count(*)::int as n from ${jobTable} where ${waiting}`,
  );
  return Number(rowsOf(result)[0]?.n ?? 0);
};

/**
 * Sends a dead-letter job back to the queue it failed in, as a new job with that queue's
 * retries. The dead-letter job is claimed first (created → completed), so two admins clicking
 * at once re-queue it once; if queuing then fails, the claim is undone.
 */
export const retryFailedJob = async (app: FastifyInstance, id: string, actor: AuditActor) => {
  const newId = randomUUID();
  const claimed = rowsOf(
    await app.db.execute(sql`
      update ${jobTable}
      set state = 'completed', completed_on = now(),
        output = coalesce(output, '{}'::jsonb) || jsonb_build_object('retriedAs', ${newId}::text, 'retriedBy', ${actor.actorId}::int)
      where id = ${id}::uuid and ${waiting}
      returning name, data`),
  )[0];
  if (!claimed) throw new AppError('NOT_FOUND', 'No failed job with this id waits for a retry.');
  const queue = queueOfDeadLetter.get(String(claimed.name)) as JobQueue;
  try {
    await app.boss.send(queue, (claimed.data ?? {}) as object, { id: newId });
  } catch (error) {
    await app.db.execute(sql`
      update ${jobTable} set state = 'created', completed_on = null
      where id = ${id}::uuid and name = ${String(claimed.name)}`);
    throw error;
  }
  await writeAudit(app.db, actor, {
    action: 'job.retry',
    entityType: 'job',
    before: { queue, failed_job_id: id },
    after: { queue, job_id: newId },
  });
  return { queue: queue as JobQueue, job_id: newId };
};
