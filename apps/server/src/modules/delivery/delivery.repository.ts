import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { licenceKeys, orderItems, orders, users } from '../../db/schema';
import type { AdobeLine } from '../../db/schema/shop';
import { rowsOf } from '../../lib/sql';
import { lateItemsCondition } from '../orders';

/**
 * Gives a waiting key-stock item the keys it still misses, as far as stock allows, in one
 * statement: the keys are allocated, the item counts them and turns delivered when full, and
 * its history gets the event. Answers how many keys it got. Keys locked by another delivery are
 * skipped, never waited for, so concurrent deliveries of one product never block each other and
 * never take the same key.
 */
export const fillItem = async (
  tx: Tx,
  orderId: number,
  item: { id: number; productId: number; quantity: number; delivered: number },
): Promise<number> => {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`
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
    select n from counted`,
  );
  return row?.n ?? 0;
};

/** The order's status and dealer, its row locked for the rest of the transaction. */
export const lockOrder = async (tx: Tx, orderId: number) => {
  const [order] = await tx
    .select({ status: orders.status, dealerId: orders.dealerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order;
};

export const findWaitingItems = (tx: Tx, orderId: number) =>
  tx
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

/**
 * Of these orders, the ones still in progress (paid, not completed or cancelled): the only
 * ones `deliverOrder` and `deliverAdobeItems` change. Read without locks, one query for a batch
 * of jobs: a job queued by the sweep often finds its order completed by the paying process
 * meanwhile. An order becomes in progress only in a transaction whose process delivers it right
 * after committing (queueing a job if that fails), so one missed here while that transaction
 * runs is still delivered.
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

/** Late items no admin was alerted of yet, by order. */
export const findUnalertedLateItems = async (db: Db) => {
  return rowsOf<{
    id: number;
    orderId: number;
    sku: string;
    quantity: number;
    delivered: number;
  }>(
    db,
    sql`
    select order_items.id, order_items.order_id as "orderId", order_items.sku,
      order_items.quantity, order_items.delivered
    from order_items join orders on orders.id = order_items.order_id
    where order_items.alerted_at is null and ${lateItemsCondition}
    order by order_items.order_id, order_items.id`,
  );
};

export const markItemsAlerted = (db: Db, itemIds: number[]) =>
  db
    .update(orderItems)
    .set({ alertedAt: sql`now()` })
    .where(and(inArray(orderItems.id, itemIds), isNull(orderItems.alertedAt)));

export const findActiveGlobalAdmins = (db: Db) =>
  db
    .select({ id: users.id, email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(and(eq(users.typeId, 1), eq(users.isActive, true)));

/** The order's language and its buyer's name and address, for its keys mail. */
export const findOrderRecipient = async (db: DbOrTx, orderId: number) => {
  const [order] = await db
    .select({ lang: orders.lang, buyerId: orders.buyerId, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(eq(orders.id, orderId));
  return order;
};

/** The name of the account that signs in with `email` (stored in lower case), if one does. */
export const findAccountNameByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row?.name;
};

/** An order's key that is out and not revoked, with its item. */
export type DeliveredKeyRow = {
  itemId: number;
  sku: string;
  titleEn: string;
  titleRu: string;
  titleAz: string;
  quantity: number;
  key: string;
};

/**
 * The keys of an order that are out and not revoked, by item, as one JSON column: for
 * `findDeliveredKeys` and for another select (the keys mail reads them with its claim,
 * `claimBuyerMail`: issue 35).
 */
export const deliveredKeysColumn = (orderId: number) => sql<DeliveredKeyRow[]>`(
  select coalesce(json_agg(json_build_object('itemId', ${orderItems.id}, 'sku', ${orderItems.sku},
      'titleEn', ${orderItems.titleEn}, 'titleRu', ${orderItems.titleRu},
      'titleAz', ${orderItems.titleAz}, 'quantity', ${orderItems.quantity},
      'key', ${licenceKeys.key}) order by ${orderItems.id}, ${licenceKeys.id}), '[]'::json)
  from ${orderItems}
  join ${licenceKeys} on ${licenceKeys.orderItemId} = ${orderItems.id}
  where ${orderItems.orderId} = ${orderId} and ${licenceKeys.status} = 'allocated')`;

/** The keys of an order that are out and not revoked, by item. */
export const findDeliveredKeys = async (db: DbOrTx, orderId: number) => {
  const [row] = await rowsOf<{ keys: DeliveredKeyRow[] }>(
    db,
    sql`select ${deliveredKeysColumn(orderId)} as keys`,
  );
  return row?.keys ?? [];
};

/** How many of an order's keys are still held (allocated) and how many came back (revoked). */
export const countOrderKeys = async (db: DbOrTx, orderId: number) => {
  const [row] = await db
    .select({
      held: sql<number>`(count(*) filter (where ${licenceKeys.status} = 'allocated'))::int`,
      revoked: sql<number>`(count(*) filter (where ${licenceKeys.status} = 'revoked'))::int`,
    })
    .from(licenceKeys)
    .innerJoin(orderItems, eq(orderItems.id, licenceKeys.orderItemId))
    .where(eq(orderItems.orderId, orderId));
  return { held: row?.held ?? 0, revoked: row?.revoked ?? 0 };
};

// ------------------------------------------------------------------ Adobe items

/** The order's Adobe items still waiting, while the order is in progress. */
export const findWaitingAdobeItems = (db: DbOrTx, orderId: number) =>
  db
    .select({ id: orderItems.id, quantity: orderItems.quantity, adobe: orderItems.adobe })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.providerId, PROVIDER.adobe),
        eq(orderItems.status, 'waiting'),
        eq(orders.status, 'in_progress'),
      ),
    );

/** Locks the order, then its item (the order's lock first, as every writer takes them). */
export const lockOrderAndItem = async (db: DbOrTx, orderId: number, itemId: number) => {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  const [item] = await db.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
  return { order, item };
};

/** Keeps Adobe's answer on an item that is not delivered (yet). */
export const setItemAdobe = async (db: DbOrTx, itemId: number, adobe: AdobeLine) => {
  await db.update(orderItems).set({ adobe }).where(eq(orderItems.id, itemId));
};

/** Adobe placed the order: the item is delivered in full, with Adobe's answer. */
export const setItemDeliveredByAdobe = async (
  db: DbOrTx,
  item: { id: number; quantity: number; adobe: AdobeLine },
) => {
  await db
    .update(orderItems)
    .set({
      adobe: item.adobe,
      status: 'delivered',
      delivered: item.quantity,
      deliveredAt: sql`now()`,
    })
    .where(eq(orderItems.id, item.id));
};
