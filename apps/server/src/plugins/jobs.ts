import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Config } from '../config/env';
import type { Database, Db } from '../db/client';
import { JOBS_SCHEMA } from '../db/migrate';
import * as schema from '../db/schema';
import { pgErrorCode } from '../lib/pg-errors';
import { deliverAdobeItems } from '../modules/adobe/adobe.delivery';
import {
  deliverOrder,
  findOrdersToDeliver,
  findOrdersWaitingForProduct,
  ordersInProgress,
  raiseLateDeliveryAlerts,
} from '../modules/orders/delivery';
import { sendCompletedOrderMail } from '../modules/orders/orders.mail';

export const QUEUES = {
  deliver: 'deliver-order',
  mail: 'order-mail',
  watch: 'delivery-watch',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/**
 * Where each queue's jobs land once their retries are spent (pg-boss copies data and error
 * there). Nothing works these queues: global admins list their jobs and re-queue them.
 */
export const DEAD_LETTERS = {
  [QUEUES.deliver]: 'deliver-order-dead',
  [QUEUES.mail]: 'order-mail-dead',
  [QUEUES.watch]: 'delivery-watch-dead',
} as const satisfies Record<QueueName, string>;

type QueueOptions = {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  deadLetter?: string;
};

/**
 * Retries per queue. A killed process's job stays active until it expires (60 s), then is
 * retried. Delivery only fails when the database does, and a paid order must get its keys:
 * 20 backed-off retries span days. Mail waits out an SMTP outage for hours (configurable).
 * The watch runs every minute anyway: one retry.
 */
export const queueOptions = (config: Config): Record<QueueName, QueueOptions> => ({
  [QUEUES.deliver]: {
    retryLimit: 20,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTERS[QUEUES.deliver],
  },
  [QUEUES.mail]: {
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTERS[QUEUES.mail],
  },
  [QUEUES.watch]: {
    retryLimit: 1,
    retryDelay: 10,
    retryBackoff: false,
    expireInSeconds: 60,
    deadLetter: DEAD_LETTERS[QUEUES.watch],
  },
});

/** Dead-letter queues keep their jobs until an admin retries them (pg-boss archives after ~4 weeks). */
const deadLetterOptions: QueueOptions = {
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
};

export type Deliveries = {
  /** queues delivery of a paid order's keys and wakes this process's worker */
  orderPaid: (orderId: number) => Promise<void>;
  /** queues delivery of every paid order waiting for keys of this product */
  resumeProduct: (productId: number) => Promise<void>;
  /** queues the keys mail of an order that was just completed */
  orderCompleted: (orderId: number) => Promise<void>;
  /** queues every paid order still missing keys (start-up and the minute watch) */
  sweep: () => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    boss: PgBoss;
    deliveries: Deliveries;
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

const differs = (queue: PgBoss.QueueResult, options: QueueOptions) =>
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
const ensureQueue = async (boss: PgBoss, name: string, options: QueueOptions) => {
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

/** Every queue with its options; the dead-letter queues first, as a queue's dead_letter must exist. */
export const ensureQueues = async (boss: PgBoss, config: Config) => {
  for (const name of Object.values(DEAD_LETTERS)) await ensureQueue(boss, name, deadLetterOptions);
  for (const [name, options] of Object.entries(queueOptions(config)))
    await ensureQueue(boss, name, options);
};

/**
 * Connections per process for deliveries started right after a payment (`deliveryLane`),
 * opened only while deliveries run. With 3, a burst of 200 checkouts on two processes queued
 * the deliveries in the lane (payment-to-key p50 2.7 s); with 8 they keep up (0.5 s, p99 1.0 s).
 */
const DELIVERY_LANE_CONNECTIONS = 8;

/**
 * A small pool of its own for immediate deliveries, to the same PostgreSQL database; PGlite
 * has one connection, which everything shares.
 */
const deliveryLane = (database: Database): { db: Db; close: () => Promise<void> } => {
  if (!database.pool) return { db: database.db, close: async () => {} };
  const pool = new pg.Pool({ ...database.pool.options, max: DELIVERY_LANE_CONNECTIONS });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on the next query
  });
  return { db: drizzle({ client: pool, schema }) as unknown as Db, close: () => pool.end() };
};

/** Jobs a worker takes at a time: deliveries (most find their order completed) and mails. */
const DELIVER_BATCH = 20;
const MAIL_BATCH = 10;

type DeliverJob = { orderId: number };
type MailJob = { orderId: number };

/**
 * Key delivery, order mail and the delivery watch run as pg-boss jobs in every server process:
 * they survive restarts, retry, and spread over processes. The delivery itself is idempotent
 * (row locks, SKIP LOCKED allocation), so a job run twice never hands out a key twice.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const boss = new PgBoss({
      db: bossDb(app.database),
      schema: JOBS_SCHEMA,
      // defaults for a job sent to a queue without its own options (see queueOptions)
      expireInSeconds: 60,
      retryLimit: 2,
      retryDelay: 2,
      retryBackoff: true,
      maintenanceIntervalSeconds: 120,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    app.decorate('boss', boss);

    let deliverWorker: string | undefined;
    let mailWorker: string | undefined;
    // pg-boss waits its polling interval after every fetch, even one that filled the batch: a
    // backlog (the mails of a burst of orders) would then drain one batch per interval. A
    // full batch asks for the next one at once instead; new deliveries wake their worker too.
    const fetchAgainAtOnce = (worker: string | undefined) => {
      if (worker) boss.notifyWorker(worker);
    };
    const wake = () => fetchAgainAtOnce(deliverWorker);
    const queueDeliveries = async (
      orderIds: number[],
      options: { wake: boolean; startAfterSeconds?: number },
    ) => {
      if (orderIds.length === 0) return;
      const startAfter = options.startAfterSeconds
        ? `${options.startAfterSeconds} seconds`
        : undefined;
      await boss.insert(
        orderIds.map((orderId) => ({ name: QUEUES.deliver, data: { orderId }, startAfter })),
      );
      if (options.wake) wake();
    };

    /**
     * Delivers an order's keys (stock, then Adobe) on `db` and queues its mail if this run
     * completed it.
     */
    const deliver = async (db: Db, orderId: number) => {
      const result = await deliverOrder(db, orderId);
      const adobeCompleted = result.adobeWaiting && (await deliverAdobeItems(app, orderId));
      if (result.completed || adobeCompleted) await app.deliveries.orderCompleted(orderId);
    };

    // Immediate deliveries get a few connections of their own: in the shared pool they would
    // queue behind every request waiting for a connection, so a burst of checkouts would hold
    // back the keys of the orders already paid (issue 8: payment-to-key p99 <= 2 s).
    const lane = deliveryLane(app.database);

    // Deliveries started right after a payment in this process, awaited at shutdown.
    const immediate = new Set<Promise<void>>();
    let closing = false;
    const deliverNow = (orderId: number) => {
      if (closing) return;
      const run: Promise<void> = deliver(lane.db, orderId)
        .catch((err: unknown) =>
          app.log.warn(
            { err, orderId },
            'immediate key delivery failed; its queued job retries it',
          ),
        )
        .finally(() => immediate.delete(run));
      immediate.add(run);
    };

    app.decorate<Deliveries>('deliveries', {
      // The paying process delivers at once, without waiting for a worker to fetch the job
      // behind a batch (payment-to-key is then one delivery transaction, issue 8). The job is
      // queued first, before that delivery starts, and stays the at-least-once backstop: a
      // worker (any process, JOB_BACKSTOP_SECONDS later) runs it, and as delivery only fills what
      // is still missing under the order's row lock, it finds the order completed and does
      // nothing, or finishes what a failed or killed immediate delivery left.
      orderPaid: async (orderId) => {
        // due JOB_BACKSTOP_SECONDS later, when the delivery below has long finished: due at
        // once, a worker draining a burst's jobs would lock orders still being delivered and
        // wait on them (the order lock's mean time grew from 0.03 to 0.35 ms in bench/checkout)
        await queueDeliveries([orderId], {
          wake: false,
          startAfterSeconds: app.config.JOB_BACKSTOP_SECONDS,
        });
        deliverNow(orderId);
      },
      orderCompleted: async (orderId) => {
        await boss.send(QUEUES.mail, { orderId });
        if (mailWorker) boss.notifyWorker(mailWorker);
      },
      resumeProduct: async (productId) =>
        queueDeliveries(await findOrdersWaitingForProduct(app.db, productId), { wake: true }),
      sweep: async () => {
        const ids = await findOrdersToDeliver(app.db);
        await queueDeliveries(ids, { wake: true });
        return ids.length;
      },
    });

    app.addHook('onReady', async () => {
      await boss.start();
      await ensureQueues(boss, app.config);
      deliverWorker = await boss.work<DeliverJob>(
        QUEUES.deliver,
        { batchSize: DELIVER_BATCH, pollingIntervalSeconds: app.config.JOB_POLL_SECONDS },
        async (jobs) => {
          const open = await ordersInProgress(
            app.db,
            jobs.map(({ data }) => data.orderId),
          );
          await Promise.all(open.map((orderId) => deliver(app.db, orderId)));
          if (jobs.length === DELIVER_BATCH) fetchAgainAtOnce(deliverWorker);
        },
      );
      mailWorker = await boss.work<MailJob>(
        QUEUES.mail,
        {
          batchSize: MAIL_BATCH,
          pollingIntervalSeconds: Math.max(0.5, app.config.JOB_POLL_SECONDS * 2),
        },
        async (jobs) => {
          // each mail on its own: one the SMTP server refuses is failed (and retried) alone,
          // the others of the batch complete; claims keep each mail to one send (order-mails.ts)
          await Promise.all(
            jobs.map(async (job) => {
              try {
                await sendCompletedOrderMail(app, job.data.orderId);
              } catch (error) {
                await boss.fail(QUEUES.mail, job.id, error as object);
              }
            }),
          );
          if (jobs.length === MAIL_BATCH) fetchAgainAtOnce(mailWorker);
        },
      );
      await boss.work(QUEUES.watch, { pollingIntervalSeconds: 5 }, async () => {
        await app.deliveries.sweep();
        // a refused alert is tried again by the next minute's run (nothing was marked alerted),
        // so an SMTP outage does not fill the dead letters with a watch job a minute
        await raiseLateDeliveryAlerts(app, new Date()).catch((err: unknown) =>
          app.log.warn({ err }, 'late-delivery alert not sent; the next watch run retries it'),
        );
      });
      await boss.schedule(QUEUES.watch, '* * * * *');
      // whatever a stopped process left undelivered is queued again at once
      await app.deliveries.sweep();
    });

    app.addHook('onClose', async () => {
      // Deliveries already started finish (a few transactions; their jobs cover any cut short)
      // alongside the workers' stop, under close-with-grace's 10 s, so a stuck job cannot turn
      // a clean stop into a kill.
      closing = true;
      await Promise.all([
        Promise.race([
          Promise.allSettled([...immediate]),
          new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
        ]),
        boss.stop({ graceful: true, wait: true, timeout: 8_000, close: false }),
      ]);
      // a delivery still stuck after those waits has its job to finish it elsewhere
      await Promise.race([
        lane.close(),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
    });
  },
  { name: 'jobs', dependencies: ['config', 'database', 'mail'] },
);
