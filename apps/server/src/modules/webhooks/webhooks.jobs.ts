import type { JobQueue } from '@esd/shared/jobs/jobs.schemas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { createNotifiedCache } from '../../plugins/notified-cache';
import { orderEventData, WEBHOOK_EVENTS_OF_ORDERS } from './webhooks.events';
import { findDealersWithEndpoints } from './webhooks.repository';
import {
  createWebhooksService,
  type QueuedAttempt,
  type WebhooksService,
} from './webhooks.service';

/** One attempt of one webhook delivery. */
const WEBHOOK_QUEUE = 'webhook-delivery' satisfies JobQueue;

const attemptPayload = z.object({
  deliveryId: z.number().int().min(1),
  /** the tries recorded when this one was queued: a job of an older try does nothing */
  attempts: z.number().int().min(0),
});

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhooksService;
  }
}

const ATTEMPT_BATCH = 10;

/** Migration 0047's trigger notifies here after every statement that changes webhook endpoints. */
const ENDPOINTS_CHANGED_CHANNEL = 'esd_webhook_endpoints_changed';
/** The dealers with endpoints are read again at least this often, even while notifications arrive. */
const ENDPOINT_DEALERS_MS = 60_000;

/**
 * Webhook deliveries as pg-boss jobs: one job per attempt, the next one queued with its wait
 * when an attempt fails (the service decides the wait and when to give up, on the injected
 * clock). pg-boss's own retries only cover an attempt that crashed (the process died, the
 * database was away): the job runs again and, at least once, sends again with the same id.
 */
export const webhooksPlugin = fp(
  async (app: FastifyInstance) => {
    const { boss, jobs } = app;
    const queue = async (attempts: QueuedAttempt[]) => {
      if (attempts.length === 0) return;
      await boss.insert(
        attempts.map(({ deliveryId, attempts: tries, delaySeconds }) => ({
          name: WEBHOOK_QUEUE,
          data: { deliveryId, attempts: tries },
          ...(delaySeconds ? { startAfter: `${delaySeconds} seconds` } : {}),
        })),
      );
      if (attempts.some((a) => !a.delaySeconds)) jobs.notify(WEBHOOK_QUEUE);
    };
    const service = createWebhooksService({
      db: app.db,
      clock: app.clock,
      mailer: app.mailer,
      config: app.config,
      queue,
    });
    app.decorate('webhooks', service);

    jobs.define({
      name: WEBHOOK_QUEUE,
      // an attempt takes at most 10 s; one cut short by a crash runs again a minute later
      options: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 },
      payload: attemptPayload,
      work: {
        batchSize: ATTEMPT_BATCH,
        pollingIntervalSeconds: Math.max(0.5, app.config.JOB_POLL_SECONDS),
        // each attempt on its own: one slow receiver does not fail the others
        handler: async (batch) => {
          await Promise.all(
            batch.map(async (job) => {
              try {
                await service.attempt(job.data);
              } catch (error) {
                await boss.fail(WEBHOOK_QUEUE, job.id, error as object);
              }
            }),
          );
        },
      },
    });

    // The dealers with an enabled endpoint, kept per process until any process changes an
    // endpoint (LISTEN/NOTIFY): an order's event is read, with the dealer's endpoints, only for
    // those (issue 35: two reads an order for the many dealers without any). This process's own
    // endpoint changes drop the set before their answer leaves.
    const endpointDealers = await createNotifiedCache<Set<number>>(
      app.database,
      {
        channel: ENDPOINTS_CHANGED_CHANNEL,
        ttlMs: ENDPOINT_DEALERS_MS,
        applicationName: 'esd-webhook-endpoints',
        maxEntries: 1,
        clock: app.clock,
      },
      (error) => app.log.warn({ err: error }, 'webhook endpoints listener lost; reading afresh'),
    );
    app.addHook('onClose', async () => endpointDealers.close());
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!request.isRead && request.url.startsWith('/api/dealer/webhooks'))
        endpointDealers.clear();
      done(null, payload);
    });
    /** false only when the dealer surely has no enabled endpoint; not listening, it may have */
    const mayHaveEndpoints = async (dealerId: number | undefined) => {
      if (dealerId === undefined || !endpointDealers.isListening()) return true;
      const dealers = await endpointDealers.read('dealers', () => findDealersWithEndpoints(app.db));
      return dealers?.has(dealerId) ?? true;
    };

    /**
     * What the other modules tell of, as the dealer's webhooks. A failure here never fails their
     * action, committed already: it is logged.
     */
    const tell = async (what: string, run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (err) {
        app.log.error({ err, what }, 'webhook event not queued');
      }
    };

    for (const [domainEvent, type] of WEBHOOK_EVENTS_OF_ORDERS) {
      app.domainEvents.on(domainEvent, (event) =>
        tell(type, async () => {
          if (!(await mayHaveEndpoints(event.dealerId))) return;
          const found = await orderEventData(app.db, event.orderId);
          if (!found) return;
          if (domainEvent === 'order.paid' && 'placedNow' in event && event.placedNow)
            await service.dispatchTo(found.endpoints, 'order.placed', found.data);
          await service.dispatchTo(found.endpoints, type, found.data);
        }),
      );
    }
    app.domainEvents.on('return.decided', (event) =>
      tell('return.decided', async () => {
        const found = await orderEventData(app.db, event.orderId);
        if (!found) return;
        await service.dispatchTo(found.endpoints, 'return.decided', {
          ...found.data,
          return_id: event.returnId,
          approved: event.approved,
        });
      }),
    );
    app.domainEvents.on('adobe.renewing', (event) =>
      tell('adobe.subscription.renewing', () =>
        service.dispatch(event.dealerId, 'adobe.subscription.renewing', {
          customer_id: event.customerId,
          subscription_id: event.subscriptionId,
          offer_id: event.offerId,
          renewal_date: event.renewalDate,
          renewal_quantity: event.renewalQuantity,
          auto_renew: event.autoRenew,
          days_before: event.daysBefore,
        }),
      ),
    );
  },
  {
    name: 'webhooks',
    dependencies: ['config', 'database', 'auth', 'mail', 'jobs', 'domain-events'],
  },
);
