import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';
import { JOBS_SCHEMA } from '../db/migrate';
import { pgErrorCode } from '../lib/pg-errors';

export type QueueOptions = {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
};

/** A job's payload schema: an object (pg-boss stores a job's data as a JSON object). */
type PayloadSchema = z.ZodType<object>;

/** The payload of a queue's jobs that carry none: its scheduled runs. */
export const noPayload = z.object({});

/**
 * A queue a module defines: its retries, its payload and, when this process works it, how.
 * Once a job has spent its retries pg-boss moves it (data and error) to the queue's dead
 * letters, `deadLetterOf(name)`, which nothing works: global admins list those jobs and
 * re-queue them.
 */
type QueueDefinition<S extends PayloadSchema> = {
  name: string;
  options: QueueOptions;
  /**
   * What each job carries, checked when it runs: a job whose data does not match fails at once,
   * without its retries (it could never pass), and waits in the dead letters with the queue's
   * name and what is wrong; the handler gets only jobs that match, with their parsed data.
   */
  payload: S;
  work?: {
    batchSize?: number;
    pollingIntervalSeconds: number;
    /** a batch of at most batchSize jobs; a full batch asks for the next one at once */
    handler: (jobs: PgBoss.Job<z.output<S>>[]) => Promise<void>;
  };
  /**
   * a cron expression (UTC), or one in a time zone: one job per tick, whichever process gets it
   */
  schedule?: string | { cron: string; tz: string };
};

export const deadLetterOf = (queue: string) => `${queue}-dead`;

/** Dead-letter queues keep their jobs until an admin retries them (pg-boss archives after ~4 weeks). */
const deadLetterOptions: QueueOptions = {
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
};

export type Jobs = {
  /** adds a queue (before the app is ready); its worker starts with the app */
  define: <S extends PayloadSchema>(queue: QueueDefinition<S>) => void;
  /** the queues defined, in the order they were */
  queues: () => string[];
  /** wakes this process's worker of `queue` (new jobs are due now) */
  notify: (queue: string) => void;
  /** creates every defined queue and its dead letters, or brings them up to their options */
  ensureQueues: () => Promise<void>;
  /** runs once the workers work (a module's start-up sweep) */
  onStarted: (task: () => Promise<void>) => void;
  /** runs alongside the workers' stop at shutdown (work a module started by itself) */
  onStopping: (task: () => Promise<unknown>) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    boss: PgBoss;
    jobs: Jobs;
  }
}

/**
 * pg-boss on our own connection: PostgreSQL's pool, or PGlite's single client. pg-boss sends
 * multi-statement SQL without values, which PGlite only runs through `exec`.
 */
const bossDb = (database: Database): PgBoss.Db => {
  if (database.pool) {
    const pool = database.pool;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = database.pglite;
  if (!client) throw new Error('no database client for jobs');
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
};

/** What is wrong with a job's data, on one line: each problem with its path. */
const describeIssues = (error: z.ZodError) =>
  error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'payload'}: ${issue.message}`)
    .join('; ');

/** The error a job with a payload its queue does not take fails with. */
const badPayloadError = (queue: string, error: z.ZodError) =>
  new Error(`bad payload for queue ${queue} (not retried): ${describeIssues(error)}`);

type QueueSettings = QueueOptions & { deadLetter?: string };

const differs = (queue: PgBoss.QueueResult, options: QueueSettings) =>
  queue.retryLimit !== options.retryLimit ||
  queue.retryDelay !== options.retryDelay ||
  queue.retryBackoff !== options.retryBackoff ||
  queue.expireInSeconds !== options.expireInSeconds ||
  (options.deadLetter !== undefined && queue.deadLetter !== options.deadLetter);

/**
 * Creates a queue with its options, or brings an existing one up to them: a database made
 * before dead letters existed gets them, for the queue and for the jobs already waiting in it.
 * Processes starting at the same moment on a new database can deadlock inside pg-boss's queue
 * creation; the loser waits a little and looks again.
 */
const ensureQueue = async (boss: PgBoss, name: string, options: QueueSettings) => {
  for (let attempt = 1; ; attempt++) {
    const queue = await boss.getQueue(name);
    if (queue) {
      if (!differs(queue, options)) return;
      await boss.updateQueue(name, { name, policy: queue.policy ?? 'standard', ...options });
      if (options.deadLetter) {
        await boss
          .getDb()
          .executeSql(
            `update ${JOBS_SCHEMA}.job set dead_letter = $2 where name = $1 and dead_letter is null and state < 'completed'`,
            [name, options.deadLetter],
          );
      }
      return;
    }
    try {
      await boss.createQueue(name, { name, ...options });
      return;
    } catch (error) {
      const code = pgErrorCode(error);
      const raced = code === '40P01' || code === '23505' || code === '42P07';
      if (!raced || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
};

/**
 * Runs the queues the modules define as pg-boss jobs in every server process: they survive
 * restarts, retry, and spread over processes. It knows no module: each defines its queues
 * (`app.jobs.define`) when it registers, and this plugin starts and stops their workers.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const boss = new PgBoss({
      db: bossDb(app.database),
      schema: JOBS_SCHEMA,
      // defaults for a job sent to a queue without its own options
      expireInSeconds: 60,
      retryLimit: 2,
      retryDelay: 2,
      retryBackoff: true,
      maintenanceIntervalSeconds: 120,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    app.decorate('boss', boss);

    // biome-ignore lint/suspicious/noExplicitAny: each definition keeps its own payload type
    const defined: QueueDefinition<any>[] = [];
    const workers = new Map<string, string>();
    const started: (() => Promise<void>)[] = [];
    const stopping: (() => Promise<unknown>)[] = [];
    let ready = false;

    /**
     * The jobs whose data matches the queue's payload, parsed. The others fail now, their retries
     * spent first (their data will not change), so pg-boss moves them to the dead letters with
     * an error naming the queue and the problem; nothing else of the batch is held up.
     */
    const checkPayloads = async (
      name: string,
      payload: PayloadSchema,
      jobs: PgBoss.Job<object>[],
    ) => {
      const valid: PgBoss.Job<object>[] = [];
      for (const job of jobs) {
        // pg-boss stores a job sent without data (a schedule's run) as null
        const parsed = payload.safeParse(job.data ?? {});
        if (parsed.success) {
          valid.push({ ...job, data: parsed.data });
          continue;
        }
        const error = badPayloadError(name, parsed.error);
        app.log.error({ err: error, queue: name, jobId: job.id }, 'job with a bad payload failed');
        await boss
          .getDb()
          .executeSql(
            `update ${JOBS_SCHEMA}.job set retry_limit = retry_count where name = $1 and id = $2::uuid and state = 'active'`,
            [name, job.id],
          );
        await boss.fail(name, job.id, error);
      }
      return valid;
    };

    const notify = (queue: string) => {
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
    };

    /** The dead-letter queues first, as a queue's dead_letter must exist. */
    const ensureQueues = async () => {
      for (const { name } of defined)
        await ensureQueue(boss, deadLetterOf(name), deadLetterOptions);
      for (const { name, options } of defined)
        await ensureQueue(boss, name, { ...options, deadLetter: deadLetterOf(name) });
    };

    app.decorate<Jobs>('jobs', {
      define: (queue) => {
        if (ready) throw new Error(`queue ${queue.name} defined after the app started`);
        if (defined.some((q) => q.name === queue.name))
          throw new Error(`queue ${queue.name} defined twice`);
        defined.push(queue);
      },
      queues: () => defined.map((q) => q.name),
      notify,
      ensureQueues,
      onStarted: (task) => void started.push(task),
      onStopping: (task) => void stopping.push(task),
    });

    app.addHook('onReady', async () => {
      ready = true;
      await boss.start();
      await ensureQueues();
      for (const { name, work, payload } of defined) {
        if (!work) continue;
        const batchSize = work.batchSize ?? 1;
        // pg-boss waits its polling interval after every fetch, even one that filled the
        // batch: a backlog (the mails of a burst of orders) would then drain one batch per
        // interval. A full batch asks for the next one at once instead.
        const worker = await boss.work<object>(
          name,
          { batchSize, pollingIntervalSeconds: work.pollingIntervalSeconds },
          async (jobs) => {
            const valid = await checkPayloads(name, payload, jobs);
            if (valid.length > 0) await work.handler(valid);
            if (jobs.length === batchSize) notify(name);
          },
        );
        workers.set(name, worker);
      }
      for (const { name, schedule } of defined) {
        if (typeof schedule === 'string') await boss.schedule(name, schedule, {});
        else if (schedule) await boss.schedule(name, schedule.cron, {}, { tz: schedule.tz });
      }
      for (const task of started) await task();
    });

    app.addHook('onClose', async () => {
      // Work the modules started by themselves finishes alongside the workers' stop, under
      // close-with-grace's 10 s, so a stuck job cannot turn a clean stop into a kill.
      await Promise.all([
        ...stopping.map((task) => task()),
        boss.stop({ graceful: true, wait: true, timeout: 8_000, close: false }),
      ]);
    });
  },
  { name: 'jobs', dependencies: ['config', 'database'] },
);
