import { type JobQueue, jobQueueNames } from '@esd/shared/jobs/jobs.schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { JOBS_SCHEMA } from '../../db/migrate';
import { rowsOf } from '../../lib/sql';
import { deadLetterOf } from '../../plugins/jobs';

type Row = Record<string, unknown>;

const jobTable = sql.raw(`${JOBS_SCHEMA}.job`);

/** The queue each dead-letter queue holds the failed jobs of. */
export const queueOfDeadLetter = new Map<string, JobQueue>(
  jobQueueNames.map((queue) => [deadLetterOf(queue), queue]),
);
// a dead-letter job waits in 'created' (nothing works these queues); a retried one is completed
const waiting = sql`name in (${sql.join(
  [...queueOfDeadLetter.keys()].map((name) => sql`${name}`),
  sql`, `,
)}) and state = 'created'`;

/** The error text pg-boss kept: a thrown error's message, or its own timeout note. */
const errorOf = sql`left(coalesce(output->>'message', output->'value'->>'message', output::text), 1000)`;

/** A page of the jobs waiting in the dead letters, newest first, as pg-boss stores them. */
export const findFailedJobRows = async (db: DbOrTx, page: { page: number; perPage: number }) =>
  rowsOf<Row>(
    db,
    sql`
      select id::text as id, name, data->>'orderId' as "orderId", ${errorOf} as error,
        retry_limit as "retryLimit", created_on as "failedAt"
      from ${jobTable} where ${waiting}
      order by created_on desc, id
      limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`,
  );

/** How many jobs wait in the dead letters (metrics and readiness). */
export const countFailedJobs = async (db: DbOrTx) => {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${jobTable} where ${waiting}`,
  );
  return Number(row?.n ?? 0);
};

/**
 * Claims a waiting dead-letter job (created → completed, noting the new job's id and who
 * retried it); returns its queue name and data, or nothing when it does not wait any more.
 */
export const claimFailedJob = async (
  db: DbOrTx,
  options: { id: string; newId: string; actorId: number | null },
) =>
  (
    await rowsOf<Row>(
      db,
      sql`
      update ${jobTable}
      set state = 'completed', completed_on = now(),
        output = coalesce(output, '{}'::jsonb) || jsonb_build_object('retriedAs', ${options.newId}::text, 'retriedBy', ${options.actorId}::int)
      where id = ${options.id}::uuid and ${waiting}
      returning name, data`,
    )
  )[0];

/** Undoes a claim whose re-queuing failed: the job waits in the dead letters again. */
export const unclaimFailedJob = async (db: DbOrTx, id: string, name: string) => {
  await db.execute(sql`
    update ${jobTable} set state = 'created', completed_on = null
    where id = ${id}::uuid and name = ${name}`);
};
