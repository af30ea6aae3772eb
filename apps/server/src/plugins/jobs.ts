import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { JOBS_SCHEMA } from '../db/migrate';
import { pgErrorCode } from '../lib/pg-errors';

export type QueueOptions = {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
};

/**
 * A queue a module defines: its retries, and, when this process works it, how. Once a job
 * has spent its retries pg-boss moves it (data and error) to the queue's dead letters,
 * `deadLetterOf(name)`, which nothing works: global admins list those jobs and re-queue them.
 */
type QueueDefinition<T extends object> = {
  name: string;
  options: QueueOptions;
  work?: {
    batchSize?: number;
    pollingIntervalSeconds: number;
    /** a batch of at most batchSize jobs; a full batch asks for the next one at once */
    handler: (jobs: PgBoss.Job<T>[]) => Promise<void>;
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
  define: <T extends object>(queue: QueueDefinition<T>) => void;
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

    // biome-ignore lint/suspicious/noExplicitAny: each definition keeps its own job type
    const defined: QueueDefinition<any>[] = [];
    const workers = new Map<string, string>();
    const started: (() => Promise<void>)[] = [];
    const stopping: (() => Promise<unknown>)[] = [];
    let ready = false;

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
      for (const { name, work } of defined) {
        if (!work) continue;
        const batchSize = work.batchSize ?? 1;
        // pg-boss waits its polling interval after every fetch, even one that filled the
        // batch: a backlog (the mails of a burst of orders) would then drain one batch per
        // interval. A full batch asks for the next one at once instead.
        const worker = await boss.work<object>(
          name,
          { batchSize, pollingIntervalSeconds: work.pollingIntervalSeconds },
          async (jobs) => {
            await work.handler(jobs);
            if (jobs.length === batchSize) notify(name);
          },
        );
        workers.set(name, worker);
      }
      for (const { name, schedule } of defined) {
        if (typeof schedule === 'string') await boss.schedule(name, schedule);
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
