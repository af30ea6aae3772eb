import type {
  WebhookDeliveryStatus,
  WebhookEventType,
} from '@esd/shared/webhooks/webhooks.schemas';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A dealer's webhook endpoint (issue 34). Secrets are Standard Webhooks secrets (`whsec_` +
 * base64); during a roll the previous one still signs until `previous_secret_expires_at`, so the
 * receiver can switch over without losing a delivery. A disabled endpoint gets no new deliveries.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2000 }).notNull(),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    secret: varchar('secret', { length: 100 }).notNull(),
    previousSecret: varchar('previous_secret', { length: 100 }),
    previousSecretExpiresAt: at('previous_secret_expires_at'),
    disabledAt: at('disabled_at'),
    /** why it was disabled (it gave up after its retries), shown to the dealer */
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_dealer').on(t.dealerId)],
);

/**
 * One event for one endpoint: its `event_id` is the `webhook-id` header, the same on every
 * attempt (the receiver's key to drop a repeat, as delivery is at least once).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: varchar('event_id', { length: 64 }).notNull(),
    eventType: varchar('event_type', { length: 40 }).$type<WebhookEventType | 'ping'>().notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: varchar('status', { length: 12 }).$type<WebhookDeliveryStatus>().notNull(),
    attempts: smallint('attempts').notNull().default(0),
    firstAttemptAt: at('first_attempt_at'),
    lastAttemptAt: at('last_attempt_at'),
    nextAttemptAt: at('next_attempt_at'),
    lastStatusCode: smallint('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint').on(t.endpointId, t.id),
    check(
      'webhook_deliveries_status',
      sql`${t.status} in ('pending', 'succeeded', 'failed', 'gave_up')`,
    ),
  ],
);
