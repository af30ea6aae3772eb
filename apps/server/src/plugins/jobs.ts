import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
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

/**
 * Creates a queue unless it exists. Processes starting at the same moment on a new database
 * can deadlock inside pg-boss's queue creation; the loser waits a little and looks again.
 */
const ensureQueue = async (boss: PgBoss, name: string) => {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name);
      return;
    } catch (error) {
      const code = pgErrorCode(error);
      const raced = code === '40P01' || code === '23505' || code === '42P07';
      if (!raced || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
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
      // a process killed mid-delivery leaves its job active; it is retried after this
      expireInSeconds: 60,
      retryLimit: 20,
      retryDelay: 2,
      retryBackoff: true,
      maintenanceIntervalSeconds: 120,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    app.decorate('boss', boss);

    let deliverWorker: string | undefined;
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
      for (const name of Object.values(QUEUES)) await ensureQueue(boss, name);
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
      await boss.work<MailJob>(QUEUES.mail, { pollingIntervalSeconds: 2 }, async (jobs) => {
        for (const { data } of jobs) await sendCompletedOrderMail(app, data.orderId);
      });
      await boss.work(QUEUES.watch, { pollingIntervalSeconds: 5 }, async () => {
        await app.deliveries.sweep();
        await raiseLateDeliveryAlerts(app, new Date());
      });
      await boss.schedule(QUEUES.watch, '* * * * *');
      // whatever a stopped process left undelivered is queued again at once
      await app.deliveries.sweep();
    });

    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    });
  },
  { name: 'jobs', dependencies: ['config', 'database', 'mail'] },
);
