import { idSchema } from '@esd/shared/bounds';
import { jobQueueNames } from '@esd/shared/jobs/jobs.schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Config } from '../../config/env';
import { type Db, openLane } from '../../db/client';
import { noPayload, type QueueOptions } from '../../plugins/jobs';
import { sendPlacedOrderMail } from '../invoices';
import { deliverAdobeItems } from './delivery.adobe';
import {
  findOrdersToDeliver,
  findOrdersWaitingForProduct,
  ordersInProgress,
} from './delivery.repository';
import { deliverOrder, raiseLateDeliveryAlerts, sendCompletedOrderMail } from './delivery.service';

const [deliver, mail, watch] = jobQueueNames;

/** The queues of an order's life after payment: its keys, its mail, and the minute watch. */
export const QUEUES = { deliver, mail, watch } as const;

/**
 * Retries per queue. A killed process's job stays active until it expires (60 s), then is
 * retried. Delivery only fails when the database does, and a paid order must get its keys:
 * 20 backed-off retries span days. Mail waits out an SMTP outage for hours (configurable).
 * The watch runs every minute anyway: one retry.
 */
const queueOptions = (
  config: Config,
): Record<(typeof QUEUES)[keyof typeof QUEUES], QueueOptions> => ({
  [QUEUES.deliver]: { retryLimit: 20, retryDelay: 2, retryBackoff: true, expireInSeconds: 60 },
  [QUEUES.mail]: {
    retryLimit: config.MAIL_RETRY_LIMIT,
    retryDelay: config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 60,
  },
  [QUEUES.watch]: { retryLimit: 1, retryDelay: 10, retryBackoff: false, expireInSeconds: 60 },
});

export type Deliveries = {
  /** delivers a paid order's keys at once in this process (a failed delivery queues a job) */
  orderPaid: (orderId: number) => Promise<void>;
  /** queues delivery of every paid order waiting for keys of this product */
  resumeProduct: (productId: number) => Promise<void>;
  /** queues the keys mail of an order that was just completed */
  orderCompleted: (orderId: number) => Promise<void>;
  /** queues the confirmation mail, with its proforma invoice, of a cash order just placed */
  orderPlaced: (orderId: number) => Promise<void>;
  /** queues every paid order still missing keys (start-up and the minute watch) */
  sweep: () => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    deliveries: Deliveries;
  }
}

/**
 * Connections per process for deliveries started right after a payment (`openLane`: a pool of
 * their own on PostgreSQL, opened only while deliveries run). With 3, a burst of 200 checkouts
 * on two processes queued the deliveries in the lane (payment-to-key p50 2.7 s); with 8 they
 * keep up (0.5 s, p99 1.0 s).
 */
const DELIVERY_LANE_CONNECTIONS = 8;

/** Jobs a worker takes at a time: deliveries (most find their order completed) and mails. */
const DELIVER_BATCH = 20;
const MAIL_BATCH = 10;

const orderJob = z.object({ orderId: idSchema });
/** A job of the mail queue: the keys mail, or (`mail: 'proforma'`) a placed cash order's. */
const orderMailJob = orderJob.extend({ mail: z.literal('proforma').optional() });
type OrderMailJob = z.infer<typeof orderMailJob>;

/**
 * Key delivery, order mail and the delivery watch, as jobs of the jobs plugin in every server
 * process. The delivery itself is idempotent (row locks, SKIP LOCKED allocation), so a job run
 * twice never hands out a key twice.
 */
export const deliveryJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const { boss, jobs } = app;
    const mailDeps = { db: app.db, mailer: app.mailer, config: app.config };
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
      if (options.wake) jobs.notify(QUEUES.deliver);
    };

    /**
     * Delivers an order's keys (stock, then Adobe) on `db` and queues its mail if this run
     * completed it.
     */
    const deliverOn = async (db: Db, orderId: number) => {
      const result = await deliverOrder(db, orderId);
      for (const { productId, at } of result.lowStock) {
        if (at) await app.notifyAdmins({ kind: 'low_stock', productId, at: at.toISOString() });
      }
      const adobeCompleted =
        result.adobeWaiting && (await deliverAdobeItems({ db: app.db, adobe: app.adobe }, orderId));
      // told to every listener (its keys mail below, the dealer's webhooks), as a completion by hand is
      if (result.completed || adobeCompleted)
        await app.domainEvents.emit('order.completed', { orderId, dealerId: result.dealerId });
    };

    // Immediate deliveries get a few connections of their own: in the shared pool they would
    // queue behind every request waiting for a connection, so a burst of checkouts would hold
    // back the keys of the orders already paid (issue 8: payment-to-key p99 <= 2 s).
    const lane = openLane(app.database, DELIVERY_LANE_CONNECTIONS);

    // A delivery's job when the immediate one could not finish (it threw: the database, Adobe
    // unreachable or still working) or this process is stopping: due JOB_BACKSTOP_SECONDS later,
    // run by a worker of any process, with the queue's backed-off retries. Should even queueing
    // fail, the minute watch's sweep (and every process's start-up sweep) finds the order.
    const queueRetry = (orderId: number) =>
      queueDeliveries([orderId], {
        wake: false,
        startAfterSeconds: app.config.JOB_BACKSTOP_SECONDS,
      }).catch((err: unknown) =>
        app.log.error(
          { err, orderId },
          'key delivery not queued; the delivery watch queues it within a minute',
        ),
      );

    // Deliveries started right after a payment in this process, awaited at shutdown.
    const immediate = new Set<Promise<void>>();
    let closing = false;
    const deliverNow = async (orderId: number) => {
      if (closing) return queueRetry(orderId);
      const run: Promise<void> = deliverOn(lane.db, orderId)
        .catch((err: unknown) => {
          app.log.warn({ err, orderId }, 'immediate key delivery failed; a queued job retries it');
          return queueRetry(orderId);
        })
        .finally(() => immediate.delete(run));
      immediate.add(run);
    };

    app.decorate<Deliveries>('deliveries', {
      // The paying process delivers at once, without a job (payment-to-key is one delivery
      // transaction, issue 8). A job is queued only when that delivery fails (`queueRetry`): as
      // delivery fills only what is still missing under the order's row lock, its run finishes
      // what the failed one left. A process killed between the payment's commit and its
      // delivery leaves the order in progress with its keys in stock: the start-up sweep of the
      // next process and every process's minute watch queue it (`sweep`). Queueing a job
      // before every delivery as well cost a pg-boss job per order (issue 35: 5% of an order's
      // CPU, and payment-to-key p99 226 → 61 ms in a burst without it).
      orderPaid: (orderId) => deliverNow(orderId),
      orderCompleted: async (orderId) => {
        await boss.send(QUEUES.mail, { orderId });
        jobs.notify(QUEUES.mail);
      },
      orderPlaced: async (orderId) => {
        await boss.send(QUEUES.mail, { orderId, mail: 'proforma' } satisfies OrderMailJob);
        jobs.notify(QUEUES.mail);
      },
      resumeProduct: async (productId) =>
        queueDeliveries(await findOrdersWaitingForProduct(app.db, productId), { wake: true }),
      sweep: async () => {
        const ids = await findOrdersToDeliver(app.db);
        await queueDeliveries(ids, { wake: true });
        return ids.length;
      },
    });

    // what other modules tell of: delivery reacts, they need not know it does
    app.domainEvents.on('order.paid', ({ orderId }) => app.deliveries.orderPaid(orderId));
    app.domainEvents.on('order.placed', ({ orderId }) => app.deliveries.orderPlaced(orderId));
    app.domainEvents.on('order.completed', ({ orderId }) => app.deliveries.orderCompleted(orderId));
    app.domainEvents.on('keys.added', ({ productId }) => app.deliveries.resumeProduct(productId));

    const options = queueOptions(app.config);
    jobs.define({
      name: QUEUES.deliver,
      options: options[QUEUES.deliver],
      payload: orderJob,
      work: {
        batchSize: DELIVER_BATCH,
        pollingIntervalSeconds: app.config.JOB_POLL_SECONDS,
        handler: async (batch) => {
          const open = await ordersInProgress(
            app.db,
            batch.map(({ data }) => data.orderId),
          );
          await Promise.all(open.map((orderId) => deliverOn(app.db, orderId)));
        },
      },
    });
    jobs.define({
      name: QUEUES.mail,
      options: options[QUEUES.mail],
      payload: orderMailJob,
      work: {
        batchSize: MAIL_BATCH,
        pollingIntervalSeconds: Math.max(0.5, app.config.JOB_POLL_SECONDS * 2),
        // each mail on its own: one the SMTP server refuses is failed (and retried) alone,
        // the others of the batch complete; claims keep each mail to one send (order-mail-claims.repository.ts)
        handler: async (batch) => {
          await Promise.all(
            batch.map(async (job) => {
              try {
                if (job.data.mail === 'proforma')
                  await sendPlacedOrderMail(mailDeps, job.data.orderId);
                else await sendCompletedOrderMail(mailDeps, job.data.orderId);
              } catch (error) {
                await boss.fail(QUEUES.mail, job.id, error as object);
              }
            }),
          );
        },
      },
    });
    jobs.define({
      name: QUEUES.watch,
      options: options[QUEUES.watch],
      payload: noPayload,
      schedule: '* * * * *',
      work: {
        pollingIntervalSeconds: 5,
        handler: async () => {
          await app.deliveries.sweep();
          // a refused alert is tried again by the next minute's run (nothing was marked
          // alerted), so an SMTP outage does not fill the dead letters with a watch job a minute
          await raiseLateDeliveryAlerts(mailDeps).catch((err: unknown) =>
            app.log.warn({ err }, 'late-delivery alert not sent; the next watch run retries it'),
          );
        },
      },
    });
    // whatever a stopped process left undelivered is queued again at once
    jobs.onStarted(async () => {
      await app.deliveries.sweep();
    });
    jobs.onStopping(async () => {
      // Deliveries already started finish (a few transactions; their jobs cover any cut short);
      // one still stuck after that wait has its job to finish it elsewhere.
      closing = true;
      await Promise.race([
        Promise.allSettled([...immediate]),
        new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
      ]);
      await Promise.race([
        lane.close(),
        new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
      ]);
    });
  },
  {
    name: 'order-jobs',
    dependencies: ['config', 'database', 'mail', 'jobs', 'notification-jobs', 'domain-events'],
  },
);
