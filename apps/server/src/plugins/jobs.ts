import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { JOBS_SCHEMA } from '../db/migrate';
import { pgErrorCode } from '../lib/pg-errors';
import { deliverAdobeItems } from '../modules/adobe/adobe.delivery';
import {
  deliverOrder,
  findOrdersToDeliver,
  findOrdersWaitingForProduct,
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
    const wake = () => {
      if (deliverWorker) boss.notifyWorker(deliverWorker);
    };
    const queueDeliveries = async (orderIds: number[]) => {
      if (orderIds.length === 0) return;
      await boss.insert(orderIds.map((orderId) => ({ name: QUEUES.deliver, data: { orderId } })));
      wake();
    };

    app.decorate<Deliveries>('deliveries', {
      orderPaid: async (orderId) => queueDeliveries([orderId]),
      orderCompleted: async (orderId) => {
        await boss.send(QUEUES.mail, { orderId });
        if (mailWorker) boss.notifyWorker(mailWorker);
      },
      resumeProduct: async (productId) =>
        queueDeliveries(await findOrdersWaitingForProduct(app.db, productId)),
      sweep: async () => {
        const ids = await findOrdersToDeliver(app.db);
        await queueDeliveries(ids);
        return ids.length;
      },
    });

    app.addHook('onReady', async () => {
      await boss.start();
      await ensureQueues(boss, app.config);
      deliverWorker = await boss.work<DeliverJob>(
        QUEUES.deliver,
        { batchSize: 20, pollingIntervalSeconds: app.config.JOB_POLL_SECONDS },
        async (jobs) => {
          await Promise.all(
            jobs.map(async ({ data }) => {
              const result = await deliverOrder(app.db, data.orderId);
              const adobeCompleted = await deliverAdobeItems(app, data.orderId);
              if (result.completed || adobeCompleted)
                await app.deliveries.orderCompleted(data.orderId);
            }),
          );
        },
      );
      mailWorker = await boss.work<MailJob>(
        QUEUES.mail,
        { pollingIntervalSeconds: Math.max(0.5, app.config.JOB_POLL_SECONDS * 2) },
        async (jobs) => {
          for (const { data } of jobs) await sendCompletedOrderMail(app, data.orderId);
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
      // under close-with-grace's 10 s, so a stuck job cannot turn a clean stop into a kill
      await boss.stop({ graceful: true, wait: true, timeout: 8_000, close: false });
    });
  },
  { name: 'jobs', dependencies: ['config', 'database', 'mail'] },
);
