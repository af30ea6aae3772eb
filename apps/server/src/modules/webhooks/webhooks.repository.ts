import type { WebhookEventType } from '@esd/shared/webhooks/webhooks.schemas';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const own = (dealerId: number, endpointId: number) =>
  and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.dealerId, dealerId));

export const findEndpoints = (db: DbOrTx, dealerId: number) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.dealerId, dealerId))
    .orderBy(webhookEndpoints.id);

export const findEndpoint = async (db: DbOrTx, dealerId: number, endpointId: number) => {
  const [row] = await db.select().from(webhookEndpoints).where(own(dealerId, endpointId));
  return row;
};

export const insertEndpoint = async (
  db: DbOrTx,
  values: { dealerId: number; url: string; events: WebhookEventType[]; secret: string },
) => {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
};

/** Changes the dealer's endpoint; undefined when it has no such endpoint. */
export const updateEndpoint = async (
  db: DbOrTx,
  dealerId: number,
  endpointId: number,
  values: Partial<
    Pick<
      EndpointRow,
      | 'url'
      | 'events'
      | 'secret'
      | 'previousSecret'
      | 'previousSecretExpiresAt'
      | 'disabledAt'
      | 'disabledReason'
    >
  >,
) => {
  const [row] = await db
    .update(webhookEndpoints)
    .set(values)
    .where(own(dealerId, endpointId))
    .returning();
  return row;
};

export const deleteEndpoint = async (db: DbOrTx, dealerId: number, endpointId: number) => {
  const [row] = await db
    .delete(webhookEndpoints)
    .where(own(dealerId, endpointId))
    .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
  return row;
};

/** The dealer's enabled endpoints that take an event of this type. */
export const findSubscribedEndpoints = (db: DbOrTx, dealerId: number, type: WebhookEventType) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.dealerId, dealerId),
        isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );

export const insertDeliveries = (
  db: DbOrTx,
  rows: {
    endpointId: number;
    eventId: string;
    eventType: DeliveryRow['eventType'];
    payload: Record<string, unknown>;
  }[],
) =>
  rows.length === 0
    ? Promise.resolve([])
    : db
        .insert(webhookDeliveries)
        .values(rows.map((row) => ({ ...row, status: 'pending' as const })))
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });

/** A delivery with its endpoint, to attempt it. */
export const findDeliveryToSend = async (db: DbOrTx, deliveryId: number) => {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row;
};

/**
 * Records an attempt, only if no other attempt recorded itself since this one read
 * `attempts`: the one that records goes on (schedules the next try), a doubled job stops.
 */
export const recordAttempt = async (
  db: DbOrTx,
  deliveryId: number,
  expectedAttempts: number,
  values: Pick<
    DeliveryRow,
    'status' | 'lastAttemptAt' | 'nextAttemptAt' | 'lastStatusCode' | 'lastError'
  > & { firstAttemptAt: Date },
) => {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      ...values,
      attempts: expectedAttempts + 1,
      firstAttemptAt: sql`coalesce(${webhookDeliveries.firstAttemptAt}, ${values.firstAttemptAt.toISOString()}::timestamptz)`,
    })
    .where(
      and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, expectedAttempts)),
    )
    .returning({ id: webhookDeliveries.id });
  return row !== undefined;
};

/** Disables an endpoint that gave up, unless it is disabled already; true when this did. */
export const disableEndpoint = async (db: DbOrTx, endpointId: number, at: Date, reason: string) => {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: at, disabledReason: reason })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return row !== undefined;
};

export const findDeliveries = async (
  db: DbOrTx,
  endpointId: number,
  page: { page: number; perPage: number },
) => {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ total: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId)),
  ]);
  return { items, total: total?.total ?? 0 };
};

export const findDelivery = async (db: DbOrTx, endpointId: number, deliveryId: number) => {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row;
};

/**
 * Puts a delivery back to be sent again from now: a new three-day window. `attempts` stays,
 * so a retry of it still waiting finds it moved on and stops.
 */
export const restartDelivery = async (db: DbOrTx, deliveryId: number, at: Date) => {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', firstAttemptAt: null, nextAttemptAt: at })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts });
  return row;
};

/**
 * The order's dealer and what a webhook tells of it: ids and exact amounts, never keys; with
 * the dealer's enabled endpoints and the events each takes, read in the same statement (issue
 * 35: an order's events cost one round trip each, and none more for a dealer without endpoints).
 */
export const findOrderForWebhook = async (db: DbOrTx, orderId: number) => {
  const [row] = await db
    .select({
      id: orders.id,
      dealerId: orders.dealerId,
      buyerId: orders.buyerId,
      status: orders.status,
      sellType: orders.sellType,
      totalUsd: orders.totalUsd,
      vatUsd: orders.vatUsd,
      totalAzn: orders.totalAzn,
      refundedUsd: orders.refundedUsd,
      refundedAzn: orders.refundedAzn,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      completedAt: orders.completedAt,
      cancelledAt: orders.cancelledAt,
      // written out in full: drizzle leaves a column of the outer table unqualified here
      endpoints: sql<{ id: number; events: WebhookEventType[] }[]>`(
        select coalesce(json_agg(json_build_object('id', e.id, 'events', e.events) order by e.id), '[]'::json)
        from webhook_endpoints e
        where e.dealer_id = "orders"."dealer_id" and e.disabled_at is null
      )`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
};

/** The dealers with at least one enabled endpoint. */
export const findDealersWithEndpoints = async (db: DbOrTx) => {
  const rows = await db
    .selectDistinct({ dealerId: webhookEndpoints.dealerId })
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.disabledAt));
  return new Set(rows.map((row) => row.dealerId));
};

/** The dealer to mail about its endpoint: its address, name and language. */
export const findDealer = async (db: DbOrTx, dealerId: number) => {
  const [row] = await db
    .select({ email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(eq(users.id, dealerId));
  return row;
};
