import { randomBytes, randomUUID } from 'node:crypto';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointInput,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@esd/shared/webhooks/webhooks.schemas';
import { Webhook } from 'standardwebhooks';
import type { Db, DbOrTx } from '../../db/client';
import { type AuditActor, writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../plugins/mail';
import { endpointDisabledMail } from './webhooks.mail';
import {
  type DeliveryRow,
  deleteEndpoint,
  disableEndpoint,
  type EndpointRow,
  findDealer,
  findDeliveries,
  findDelivery,
  findDeliveryToSend,
  findEndpoint,
  findEndpoints,
  findSubscribedEndpoints,
  insertDeliveries,
  insertEndpoint,
  recordAttempt,
  restartDelivery,
  updateEndpoint,
} from './webhooks.repository';
import {
  hasTriedLongEnough,
  retryDelaySeconds,
  SECRET_OVERLAP_MS,
  signingSecrets,
} from './webhooks.rules';
import { postWebhook } from './webhooks.send';
import { checkTarget } from './webhooks.target';

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** A message id as Standard Webhooks writes them: the `webhook-id` of every attempt. */
const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

const toEndpoint = (row: EndpointRow, now: Date): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.disabledAt === null,
  disabled_at: iso(row.disabledAt),
  disabled_reason: row.disabledReason,
  previous_secret_expires_at:
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
      ? row.previousSecretExpiresAt.toISOString()
      : null,
  created_at: row.createdAt.toISOString(),
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_id: row.eventId,
  event_type: row.eventType,
  status: row.status,
  attempts: row.attempts,
  created_at: row.createdAt.toISOString(),
  last_attempt_at: iso(row.lastAttemptAt),
  next_attempt_at: iso(row.nextAttemptAt),
  last_status_code: row.lastStatusCode,
  last_error: row.lastError,
});

const notFound = () => new AppError('NOT_FOUND', 'This webhook endpoint does not exist.');

export type QueuedAttempt = { deliveryId: number; attempts: number; delaySeconds?: number };

export type WebhooksDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: {
    WEBHOOK_ALLOW_PRIVATE?: boolean | undefined;
    WEBHOOK_RETRY_BASE_SECONDS: number;
    publicUrl: string;
  };
  /** queues attempts as jobs (the jobs plugin; a test may run them itself) */
  queue: (attempts: QueuedAttempt[]) => Promise<void>;
};

/**
 * Dealers' webhooks (issue 34): their endpoints, the deliveries of their events, and each attempt
 * of a delivery, signed as Standard Webhooks says. Deliveries go at least once: an attempt that
 * does not get a 2xx is retried with a doubling wait, and after three days of failures (read on
 * the injected clock) the delivery gives up, the endpoint is disabled and its dealer mailed.
 */
export const createWebhooksService = (deps: WebhooksDeps) => {
  const { db, clock, config } = deps;
  const allowPrivate = config.WEBHOOK_ALLOW_PRIVATE === true;

  const ownEndpoint = async (dealerId: number, endpointId: number) => {
    const row = await findEndpoint(db, dealerId, endpointId);
    if (!row) throw notFound();
    return row;
  };

  const checkUrl = async (url: string) => {
    const check = await checkTarget(url, allowPrivate);
    if (!check.ok)
      throw new AppError(
        'WEBHOOK_URL_REFUSED',
        `This address cannot receive webhooks (${check.reason}): use an https URL that reaches a public address.`,
      );
  };

  /** Stores one event for each given endpoint and queues its first attempt. */
  const enqueue = async (
    endpointIds: number[],
    type: DeliveryRow['eventType'],
    data: Record<string, unknown>,
  ) => {
    if (endpointIds.length === 0) return [];
    const eventId = newEventId();
    const payload = { type, timestamp: clock.now().toISOString(), data };
    const rows = await insertDeliveries(
      db,
      endpointIds.map((endpointId) => ({ endpointId, eventId, eventType: type, payload })),
    );
    await deps.queue(rows.map((row) => ({ deliveryId: row.id, attempts: row.attempts })));
    return rows;
  };

  return {
    list: async (dealerId: number) =>
      (await findEndpoints(db, dealerId)).map((row) => toEndpoint(row, clock.now())),

    create: async (
      actor: AuditActor,
      dealerId: number,
      input: WebhookEndpointInput,
    ): Promise<WebhookEndpointWithSecret> => {
      await checkUrl(input.url);
      const row = await db.transaction(async (tx) => {
        const created = await insertEndpoint(tx, { dealerId, ...input, secret: newSecret() });
        await writeAudit(tx, actor, {
          action: 'webhook_endpoint.create',
          entityType: 'webhook_endpoint',
          entityId: created.id,
          after: { url: created.url, events: created.events },
        });
        return created;
      });
      return { ...toEndpoint(row, clock.now()), secret: row.secret };
    },

    update: async (dealerId: number, endpointId: number, input: WebhookEndpointInput) => {
      const current = await ownEndpoint(dealerId, endpointId);
      if (current.url !== input.url) await checkUrl(input.url);
      const row = await updateEndpoint(db, dealerId, endpointId, input);
      if (!row) throw notFound();
      return toEndpoint(row, clock.now());
    },

    remove: async (actor: AuditActor, dealerId: number, endpointId: number) => {
      await db.transaction(async (tx) => {
        const row = await deleteEndpoint(tx, dealerId, endpointId);
        if (!row) throw notFound();
        await writeAudit(tx, actor, {
          action: 'webhook_endpoint.delete',
          entityType: 'webhook_endpoint',
          entityId: row.id,
          before: { url: row.url },
        });
      });
    },

    /** A new secret; the old one keeps signing beside it for a day. */
    rollSecret: async (
      actor: AuditActor,
      dealerId: number,
      endpointId: number,
    ): Promise<WebhookEndpointWithSecret> => {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const current = await findEndpoint(tx, dealerId, endpointId);
        if (!current) throw notFound();
        const rolled = await updateEndpoint(tx, dealerId, endpointId, {
          secret: newSecret(),
          previousSecret: current.secret,
          previousSecretExpiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS),
        });
        await writeAudit(tx, actor, {
          action: 'webhook_endpoint.roll_secret',
          entityType: 'webhook_endpoint',
          entityId: endpointId,
        });
        return rolled!;
      });
      return { ...toEndpoint(row, now), secret: row.secret };
    },

    enable: async (dealerId: number, endpointId: number) => {
      await ownEndpoint(dealerId, endpointId);
      const row = await updateEndpoint(db, dealerId, endpointId, {
        disabledAt: null,
        disabledReason: null,
      });
      return toEndpoint(row!, clock.now());
    },

    deliveries: async (
      dealerId: number,
      endpointId: number,
      page: { page: number; perPage: number },
    ) => {
      await ownEndpoint(dealerId, endpointId);
      const { items, total } = await findDeliveries(db, endpointId, page);
      return { items: items.map(toDelivery), total };
    },

    /** Sends a delivery again from now (a new three-day window), to an enabled endpoint. */
    resend: async (dealerId: number, endpointId: number, deliveryId: number) => {
      const endpoint = await ownEndpoint(dealerId, endpointId);
      if (endpoint.disabledAt)
        throw new AppError('CONFLICT', 'Enable the endpoint before sending to it again.');
      const delivery = await findDelivery(db, endpointId, deliveryId);
      if (!delivery) throw new AppError('NOT_FOUND', 'This delivery does not exist.');
      const restarted = await restartDelivery(db, deliveryId, clock.now());
      await deps.queue([{ deliveryId, attempts: restarted!.attempts }]);
      return toDelivery((await findDelivery(db, endpointId, deliveryId))!);
    },

    /** A `ping` event to this endpoint only, whatever events it takes. */
    ping: async (dealerId: number, endpointId: number) => {
      const endpoint = await ownEndpoint(dealerId, endpointId);
      if (endpoint.disabledAt)
        throw new AppError('CONFLICT', 'Enable the endpoint before sending to it again.');
      const [row] = await enqueue([endpointId], 'ping', { endpoint_id: endpointId });
      return toDelivery((await findDelivery(db, endpointId, row!.id))!);
    },

    /** An event of a dealer: one delivery to each of its enabled endpoints that takes it. */
    dispatch: async (dealerId: number, type: WebhookEventType, data: Record<string, unknown>) => {
      const endpoints = await findSubscribedEndpoints(db, dealerId, type);
      return enqueue(
        endpoints.map((e) => e.id),
        type,
        data,
      );
    },

    /**
     * `dispatch` to endpoints the caller read already (the dealer's enabled ones, with the
     * events each takes, as `findOrderForWebhook` answers them): nothing is read again.
     */
    dispatchTo: (
      endpoints: { id: number; events: WebhookEventType[] }[],
      type: WebhookEventType,
      data: Record<string, unknown>,
    ) =>
      enqueue(
        endpoints.filter((e) => e.events.includes(type)).map((e) => e.id),
        type,
        data,
      ),

    /**
     * One attempt of a delivery whose record shows `attempts` tries so far (a job of an older
     * try does nothing). A 2xx ends it; otherwise the next try is queued after a doubling wait,
     * or, three days after its first attempt, it gives up and its endpoint is disabled.
     */
    attempt: async ({ deliveryId, attempts }: { deliveryId: number; attempts: number }) => {
      const found = await findDeliveryToSend(db, deliveryId);
      if (!found) return 'gone' as const;
      const { delivery, endpoint } = found;
      if (delivery.attempts !== attempts) return 'stale' as const;
      if (delivery.status === 'succeeded' || delivery.status === 'gave_up') return 'done' as const;
      if (endpoint.disabledAt) return 'disabled' as const;

      const now = clock.now();
      const body = JSON.stringify(delivery.payload);
      // the timestamp is the real time of sending: receivers check it against their own clock
      const sentAt = new Date();
      const signature = signingSecrets(endpoint, now)
        .map((secret) => new Webhook(secret).sign(delivery.eventId, sentAt, body))
        .join(' ');
      const outcome = await postWebhook({
        url: endpoint.url,
        body,
        allowPrivate,
        headers: {
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
      const after = clock.now();
      const firstAttemptAt = delivery.firstAttemptAt ?? now;
      const givingUp = !outcome.ok && hasTriedLongEnough(firstAttemptAt, after);
      const delaySeconds = retryDelaySeconds(attempts + 1, config.WEBHOOK_RETRY_BASE_SECONDS);
      const status = outcome.ok ? 'succeeded' : givingUp ? 'gave_up' : 'failed';
      const record = (on: DbOrTx) =>
        recordAttempt(on, deliveryId, attempts, {
          status,
          firstAttemptAt,
          lastAttemptAt: after,
          nextAttemptAt:
            status === 'failed' ? new Date(after.getTime() + delaySeconds * 1000) : null,
          lastStatusCode: outcome.status,
          lastError: outcome.error,
        });
      // a delivery that gives up disables its endpoint in the same transaction: nobody sees it
      // given up with its endpoint still taking events
      const reason = `No delivery succeeded for three days; last error: ${outcome.error ?? 'none'}`;
      const [recorded, disabled] =
        status === 'gave_up'
          ? await db.transaction(async (tx) => {
              const done = await record(tx);
              return [done, done && (await disableEndpoint(tx, endpoint.id, after, reason))];
            })
          : [await record(db), false];
      if (!recorded) return 'stale' as const;
      if (status === 'failed') {
        await deps.queue([{ deliveryId, attempts: attempts + 1, delaySeconds }]);
      }
      const dealer = disabled ? await findDealer(db, endpoint.dealerId) : undefined;
      if (dealer) {
        await deps.mailer.send({
          to: dealer.email,
          ...endpointDisabledMail(
            dealer,
            { url: endpoint.url, lastAttemptAt: after, lastError: outcome.error ?? '' },
            `${config.publicUrl}/pages/settings/webhooks`,
          ),
        });
      }
      return status;
    },
  };
};

export type WebhooksService = ReturnType<typeof createWebhooksService>;
