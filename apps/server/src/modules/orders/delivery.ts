import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import { KEY_DELIVERY_PROMISE_SECONDS } from '@esd/shared/orders/orders.rules';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { orderEvents, orderItems, orders, users } from '../../db/schema';
import { accruePointsSql } from '../events/events.points';
import { claimOrderMails, confirmOrderMails, releaseOrderMails } from './order-mail-claims.repository';
import { lateDeliveryMail } from './orders.mail';

type Rows<T> = { rows: T[] };

/**
 * The order is completed once no item waits any more (returned items do not wait): in one
 * statement, the order turns completed, its history gets the event and its event points are
 * credited. Every way an order completes passes here, so those points are credited exactly once.
 * All parts read the statement's snapshot: the points are taken from the order row this
 * statement completes (`done`), and the items delivered earlier in the transaction are seen.
 */
export const completeIfDelivered = async (tx: Tx, orderId: number, actorId: number | null) => {
  const result = (await tx.execute(sql`
    with done as (
      update orders set status = 'completed', completed_at = now(), updated_at = now()
      where id = ${orderId} and status = 'in_progress'
        and not exists (
          select 1 from order_items where order_id = ${orderId} and status = 'waiting'
        )
      returning id, dealer_id, buyer_id, created_at
    ), history as (
      insert into order_events (order_id, from_status, to_status, actor_id)
      select id, 'in_progress', 'completed', ${actorId}::int from done
    ), points as (
      ${accruePointsSql(sql`done`)}
    )
    select count(*)::int as completed from done`)) as unknown as Rows<{ completed: number }>;
  return (result.rows[0]?.completed ?? 0) > 0;
};

/** Records that an item received all its keys. */
export const markItemDelivered = (
  tx: Tx,
  orderId: number,
  itemId: number,
  actorId: number | null,
) =>
  tx
    .insert(orderEvents)
    .values({ orderId, itemId, fromStatus: 'waiting', toStatus: 'delivered', actorId });

/**
 * Gives a waiting key-stock item the keys it still misses, as far as stock allows, in one
 * statement: the keys are allocated, the item counts them and turns delivered when full, and
 * its history gets the event. Answers how many keys it got. Keys locked by another delivery are
 * skipped, never waited for, so concurrent deliveries of one product never block each other and
 * never take the same key.
 */
const fillItem = async (
  tx: Tx,
  orderId: number,
  item: { id: number; productId: number; quantity: number; delivered: number },
): Promise<number> => {
  const result = (await tx.execute(sql`
    with got as (
      update licence_keys set status = 'allocated', order_item_id = ${item.id}, allocated_at = now()
      where id in (
        select id from licence_keys
        where product_id = ${item.productId} and status = 'available'
        order by id
        limit ${item.quantity - item.delivered}
        for update skip locked
      )
      returning id
    ), counted as (
      select count(*)::int as n from got
    ), filled as (
      update order_items set
        delivered = order_items.delivered + counted.n,
        status = case when order_items.delivered + counted.n = order_items.quantity
          then 'delivered' else order_items.status end,
        delivered_at = case when order_items.delivered + counted.n = order_items.quantity
          then now() else order_items.delivered_at end
      from counted
      where order_items.id = ${item.id} and counted.n > 0
      returning order_items.status
    ), history as (
      insert into order_events (order_id, item_id, from_status, to_status, actor_id)
      select ${orderId}::int, ${item.id}::int, 'waiting', 'delivered', null
      from filled where filled.status = 'delivered'
    )
    select n from counted`)) as unknown as Rows<{ n: number }>;
  return result.rows[0]?.n ?? 0;
};

/**
 * Delivers what stock allows to a paid order, in one transaction: the order row is locked
 * (one delivery of an order at a time, and never alongside a cancel), each waiting key-stock
 * item takes its missing keys, and the order completes when nothing waits. Safe to run any
 * number of times: it only ever fills what is still missing. Out of stock, the item waits.
 * `adobeWaiting`: the order has Adobe items still waiting (placed with Adobe outside this
 * transaction, by `deliverAdobeItems`).
 */
export const deliverOrder = async (db: Db, orderId: number) =>
  db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update');
    if (order?.status !== 'in_progress')
      return { completed: false, delivered: 0, adobeWaiting: false };
    const waiting = await tx
      .select({
        id: orderItems.id,
        productId: orderItems.productId,
        providerId: orderItems.providerId,
        quantity: orderItems.quantity,
        delivered: orderItems.delivered,
      })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.status, 'waiting')))
      .orderBy(orderItems.id);
    const items = waiting.filter((item) => item.providerId === PROVIDER.keyStock);
    const adobeWaiting = waiting.some((item) => item.providerId === PROVIDER.adobe);
    let delivered = 0;
    for (const item of items) delivered += await fillItem(tx, orderId, item);
    const completed = await completeIfDelivered(tx, orderId, null);
    return { completed, delivered, adobeWaiting };
  });

/**
 * Of these orders, the ones still in progress (paid, not completed or cancelled): the only
 * ones `deliverOrder` and `deliverAdobeItems` change. Read without locks, one query for a batch
 * of jobs: most delivery jobs find their order already completed by the paying process. An
 * order becomes in progress only in a transaction that queues its delivery after committing,
 * so one missed here while that transaction runs gets its own job.
 */
export const ordersInProgress = async (db: Db, orderIds: number[]) => {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'in_progress')));
  return rows.map((row) => row.id);
};

const waitingOrders = (db: Db, productId?: number) =>
  db
    .selectDistinct({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'in_progress'),
        eq(orderItems.status, 'waiting'),
        productId === undefined ? undefined : eq(orderItems.productId, productId),
        // key-stock items only where keys are in stock now (the rest waits for an import);
        // Adobe items unless Adobe refused them
        sql`((${orderItems.providerId} = ${PROVIDER.keyStock} and exists (select 1 from licence_keys k
          where k.product_id = ${orderItems.productId} and k.status = 'available'))
          or (${orderItems.providerId} = ${PROVIDER.adobe} and ${orderItems.adobe}->>'error' is null))`,
      ),
    )
    .limit(5000);

/** Paid orders with items that stock can serve now. */
export const findOrdersToDeliver = async (db: Db) => (await waitingOrders(db)).map((r) => r.id);

export const findOrdersWaitingForProduct = async (db: Db, productId: number) =>
  (await waitingOrders(db, productId)).map((r) => r.id);

/** Items paid for more than the promised 3 minutes ago and still without all their keys. */
export const lateItemsCondition = sql`${orderItems.status} = 'waiting'
  and ${orders.status} = 'in_progress'
  and ${orders.paidAt} < now() - make_interval(secs => ${KEY_DELIVERY_PROMISE_SECONDS})`;

/**
 * Mails every global district admin the list of items that missed the delivery promise, then
 * marks those items alerted. Runs every minute in the delivery watch job, which may run twice
 * or be retried: each (order, admin) alert is claimed in `order_mails` first, so an admin never
 * gets the same order twice, and a failed send (released, then thrown) is retried for just the
 * admins who missed it. The orders page lists late items live.
 */
export const raiseLateDeliveryAlerts = async (app: FastifyInstance, _now: Date) => {
  const late = (await app.db.execute(sql`
    select order_items.id, order_items.order_id as "orderId", order_items.sku,
      order_items.quantity, order_items.delivered
    from order_items join orders on orders.id = order_items.order_id
    where order_items.alerted_at is null and ${lateItemsCondition}
    order by order_items.order_id, order_items.id`)) as unknown as Rows<{
    id: number;
    orderId: number;
    sku: string;
    quantity: number;
    delivered: number;
  }>;
  if (late.rows.length === 0) return 0;
  const admins = await app.db
    .select({ id: users.id, email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(and(eq(users.typeId, 1), eq(users.isActive, true)));
  const orderIds = [...new Set(late.rows.map((row) => row.orderId))];
  let failure: unknown;
  for (const admin of admins) {
    const claim = { kind: 'late_delivery' as const, recipientId: admin.id };
    const claimed = new Set(await claimOrderMails(app.db, orderIds, claim));
    if (claimed.size === 0) continue;
    const items = late.rows.filter((row) => claimed.has(row.orderId));
    try {
      await app.mailer.send({ to: admin.email, ...lateDeliveryMail(admin, items) });
      await confirmOrderMails(app.db, [...claimed], claim);
    } catch (error) {
      await releaseOrderMails(app.db, [...claimed], claim);
      failure ??= error;
    }
  }
  // an admin who missed the mail gets it from the retry; the others are not mailed again
  if (failure) throw failure;
  await app.db
    .update(orderItems)
    .set({ alertedAt: sql`now()` })
    .where(
      and(
        inArray(
          orderItems.id,
          late.rows.map((row) => row.id),
        ),
        isNull(orderItems.alertedAt),
      ),
    );
  return late.rows.length;
};
