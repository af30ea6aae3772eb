import { BUSINESS_TIME_ZONE } from '@esd/shared/baku-time';
import {
  KEY_DELIVERY_PROMISE_SECONDS,
  type OrderDisplayStatus,
  type OrderStatusName,
} from '@esd/shared/orders/orders.rules';
import type { orderListQuerySchema } from '@esd/shared/orders/orders.schemas';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import {
  licenceKeys,
  orderEvents,
  orderItems,
  orderMoneyMovements,
  orders,
  returnRequests,
  users,
} from '../../db/schema';
import { ldCountryIds } from '../../lib/local-district';
import { rowsOf } from '../../lib/sql';
import type { Session } from '../../plugins/auth';
import { accruePointsSql } from '../events';

export type OrderFilters = Omit<z.output<typeof orderListQuerySchema>, 'page' | 'perPage'>;

/**
 * The orders a viewer may see: a user its own, a dealer its own and its users', a local
 * district admin those of dealers in its countries, a global admin all.
 */
export const orderScope = (session: Session): SQL | undefined => {
  const me = session.user.id;
  switch (session.role) {
    case 'gd':
      return undefined;
    case 'ld':
      return inArray(orders.countryId, ldCountryIds(me));
    case 'd':
      return eq(orders.dealerId, me);
    case 'u':
      return eq(orders.buyerId, me);
  }
};

const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An item whose SKU contains `sku` (any case); the trigram index order_items_sku_trgm_idx serves it. */
export const itemSkuMatches = (sku: string) => sql`${orderItems.sku} ilike ${like(sku)}`;

/** An item whose name in any language contains `product`; order_items_title_trgm_idx serves it. */
export const itemTitleMatches = (product: string) => {
  const pattern = like(product);
  return sql`(${orderItems.titleEn} ilike ${pattern} or ${orderItems.titleRu} ilike ${pattern}
    or ${orderItems.titleAz} ilike ${pattern})`;
};

const hasItem = (status: SQL) =>
  sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${status})`;
const returnedItem = hasItem(sql`${orderItems.status} = 'returned'`);
const keptItem = hasItem(sql`${orderItems.status} <> 'returned'`);

/**
 * Orders the screens show with this status (`orderDisplayStatus`): a completed order with items
 * returned is `partly_returned` or `returned`, so `completed` alone finds none of those.
 */
const displayStatusIs = (status: OrderDisplayStatus): SQL | undefined => {
  const completed = eq(orders.status, 'completed');
  switch (status) {
    case 'completed':
      return and(completed, sql`not ${returnedItem}`);
    case 'partly_returned':
      return and(completed, returnedItem, keptItem);
    case 'returned':
      return and(completed, returnedItem, sql`not ${keptItem}`);
    default:
      return eq(orders.status, status);
  }
};

export const orderConditions = (session: Session, f: OrderFilters): SQL | undefined =>
  and(
    orderScope(session),
    f.id ? eq(orders.id, f.id) : undefined,
    f.status ? displayStatusIs(f.status) : undefined,
    f.sell_type ? eq(orders.sellType, f.sell_type) : undefined,
    f.date_from
      ? sql`${orders.createdAt} >= (${f.date_from}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`
      : undefined,
    f.date_to
      ? sql`${orders.createdAt} < ((${f.date_to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`
      : undefined,
    f.sku
      ? sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
          and ${itemSkuMatches(f.sku)})`
      : undefined,
    f.product
      ? sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
          and ${itemTitleMatches(f.product)})`
      : undefined,
    f.waiting
      ? sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id}
          and ${orderItems.status} = 'waiting') and ${orders.status} = 'in_progress'`
      : undefined,
  );

const buyers = alias(users, 'buyer');
const dealers = alias(users, 'dealer');

/** Orders newest first, with buyer and dealer names. */
export const selectOrders = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({
      order: orders,
      buyer: { id: buyers.id, name: buyers.name, email: buyers.email },
      dealer: { id: dealers.id, name: dealers.name },
    })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(dealers, eq(dealers.id, orders.dealerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));

export type OrderListRow = Awaited<ReturnType<typeof selectOrders>>[number];

export const countOrders = async (db: DbOrTx, where: SQL | undefined) => {
  const [total] = await db.select({ value: count() }).from(orders).where(where);
  return total?.value ?? 0;
};

/** The next `limit` orders of `where` after `after` (newest first): keyset pages for exports. */
export const findOrdersAfter = (
  db: DbOrTx,
  where: SQL | undefined,
  after: { createdAt: Date; id: number } | undefined,
  limit: number,
) =>
  selectOrders(
    db,
    and(
      where,
      after
        ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
        : undefined,
    ),
  ).limit(limit);

/** Item counts of some orders in one grouped query. */
export type ItemTotals = {
  items: number;
  quantity: number;
  waiting: number;
  /** licences of returned items, and what those items cost (USD excl. VAT, AZN) */
  returnedQuantity: number;
  returnedUsd: string;
  returnedAzn: string;
};

const isReturned = sql`${orderItems.status} = 'returned'`;
const returnedSum = (column: typeof orderItems.totalUsd) =>
  sql<string>`coalesce(sum(${column}) filter (where ${isReturned}), 0)::numeric(14, 2)::text`;

export const itemTotals = async (db: DbOrTx, orderIds: number[]) => {
  if (orderIds.length === 0) return new Map<number, ItemTotals>();
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      items: sql<number>`count(*)::int`,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
      waiting: sql<number>`(count(*) filter (where ${orderItems.status} = 'waiting'))::int`,
      returnedQuantity: sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${isReturned}), 0)::int`,
      returnedUsd: returnedSum(orderItems.totalUsd),
      returnedAzn: returnedSum(orderItems.totalAzn),
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, r]));
};

/** The order with buyer and dealer names, if the viewer may see it. */
export const findVisibleOrder = async (db: DbOrTx, session: Session, id: number) => {
  const [row] = await selectOrders(db, and(eq(orders.id, id), orderScope(session)));
  return row;
};

export const findOrderItems = (db: DbOrTx, orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

/** An order's history, oldest first, with the name of whoever did each step. */
export const findOrderHistory = (db: DbOrTx, orderId: number) => {
  const actor = alias(users, 'actor');
  return db
    .select({ event: orderEvents, by: actor.name })
    .from(orderEvents)
    .leftJoin(actor, eq(actor.id, orderEvents.actorId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
};

/** An order's money trail, oldest first, with who moved each amount (null: the system). */
export const findMoneyTrail = (db: DbOrTx, orderId: number) => {
  const actor = alias(users, 'actor');
  return db
    .select({
      movement: orderMoneyMovements,
      actorName: actor.name,
    })
    .from(orderMoneyMovements)
    .leftJoin(actor, eq(actor.id, orderMoneyMovements.actorId))
    .where(eq(orderMoneyMovements.orderId, orderId))
    .orderBy(asc(orderMoneyMovements.id));
};

/** A movement of an order's money, in the transaction of the change that moves it. */
export const insertMoneyMovement = (tx: Tx, movement: typeof orderMoneyMovements.$inferInsert) =>
  tx.insert(orderMoneyMovements).values(movement);

/** The keys of some items, with the name of whoever activated each. */
export const findItemKeys = async (db: DbOrTx, itemIds: number[]) => {
  if (itemIds.length === 0) return [];
  const activator = alias(users, 'activator');
  return db
    .select({ key: licenceKeys, activatedBy: activator.name })
    .from(licenceKeys)
    .leftJoin(activator, eq(activator.id, licenceKeys.activatedBy))
    .where(inArray(licenceKeys.orderItemId, itemIds))
    .orderBy(asc(licenceKeys.id));
};

/** The lines of some orders (for the export), each order's lines in their own order. */
export const findItemsOfOrders = async (db: DbOrTx, orderIds: number[]) => {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      sku: orderItems.sku,
      titleEn: orderItems.titleEn,
      titleRu: orderItems.titleRu,
      titleAz: orderItems.titleAz,
      quantity: orderItems.quantity,
      unitUsd: orderItems.unitUsd,
      totalUsd: orderItems.totalUsd,
      totalAzn: orderItems.totalAzn,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
};

/** The keys some items hold now (handed out, not revoked), in the order they were handed out. */
export const findHeldKeys = async (db: DbOrTx, itemIds: number[]) => {
  if (itemIds.length === 0) return [];
  return db
    .select({
      itemId: licenceKeys.orderItemId,
      key: licenceKeys.key,
      allocatedAt: licenceKeys.allocatedAt,
      createdAt: licenceKeys.createdAt,
    })
    .from(licenceKeys)
    .where(and(inArray(licenceKeys.orderItemId, itemIds), eq(licenceKeys.status, 'allocated')))
    .orderBy(asc(licenceKeys.id));
};

export const findReturnRequests = async (db: DbOrTx, itemIds: number[]) => {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(returnRequests)
    .where(inArray(returnRequests.orderItemId, itemIds))
    .orderBy(asc(returnRequests.id));
};

/** Items paid for more than the promised 3 minutes ago and still without all their keys. */
export const lateItemsCondition = sql`${orderItems.status} = 'waiting'
  and ${orders.status} = 'in_progress'
  and ${orders.paidAt} < now() - make_interval(secs => ${KEY_DELIVERY_PROMISE_SECONDS})`;

/** The late items the viewer may see, longest waiting first. */
export const findLateItems = (db: DbOrTx, session: Session) =>
  db
    .select({ item: orderItems, paidAt: orders.paidAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(lateItemsCondition, orderScope(session)))
    .orderBy(asc(orders.paidAt))
    .limit(200);

/** A credit order still owed: not settled, not cancelled. */
const isUnpaidCredit = () =>
  and(eq(orders.sellType, 2), isNull(orders.creditSettledAt), ne(orders.status, 'cancelled'));
const owedUsd = sql<string>`coalesce(sum(${orders.totalUsd} - ${orders.refundedUsd}), 0)::numeric(14, 2)::text`;

/** USD (VAT excluded) the dealer still owes on credit orders: not settled, not cancelled. */
export const sumUnpaidCredit = async (db: DbOrTx, dealerId: number): Promise<string> => {
  const [row] = await db
    .select({ value: owedUsd })
    .from(orders)
    .where(and(eq(orders.dealerId, dealerId), isUnpaidCredit()));
  return row?.value ?? '0.00';
};

/** `sumUnpaidCredit` as one column of a larger select (issue 35), text. */
export const unpaidCreditColumn = (dealerId: number) =>
  sql`(select ${owedUsd} from ${orders} where ${and(eq(orders.dealerId, dealerId), isUnpaidCredit())})`;

/** `sumUnpaidCredit` of many dealers in one query (a page of a list); absent dealers owe 0. */
export const unpaidCreditByDealer = async (
  db: DbOrTx,
  dealerIds: number[],
): Promise<Map<number, string>> => {
  if (dealerIds.length === 0) return new Map();
  const rows = await db
    .select({ dealerId: orders.dealerId, value: owedUsd })
    .from(orders)
    .where(and(inArray(orders.dealerId, dealerIds), isUnpaidCredit()))
    .groupBy(orders.dealerId);
  return new Map(rows.map((row) => [row.dealerId, row.value]));
};

/**
 * The dealer's credit limit. With `lock`, the dealer's row stays locked until the transaction
 * ends: every credit checkout of the dealer (its own and its users') takes this lock first, so
 * concurrent checkouts on any number of processes see each other's orders.
 */
export const findCreditLimit = async (
  db: DbOrTx,
  dealerId: number,
  options: { lock?: boolean } = {},
) => {
  const query = db.select({ limit: users.creditLimit }).from(users).where(eq(users.id, dealerId));
  const [dealer] = await (options.lock ? query.for('update') : query);
  return dealer?.limit;
};

/** Locks an order the viewer may see, for the rest of the transaction. */
export const lockVisibleOrder = async (tx: Tx, session: Session, id: number) => {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), orderScope(session)))
    .for('update');
  return order;
};

export type OrderRow = NonNullable<Awaited<ReturnType<typeof lockVisibleOrder>>>;

/** What an order's items are now, with whether a return of each is awaiting a decision. */
export const findItemStates = (tx: Tx, orderId: number) =>
  tx
    .select({
      id: orderItems.id,
      providerId: orderItems.providerId,
      status: orderItems.status,
      delivered: orderItems.delivered,
      isReturnable: orderItems.isReturnable,
      deliveredAt: orderItems.deliveredAt,
      adobeRefused: sql<boolean>`(order_items.adobe->>'error') is not null`,
      // spelled out: in a one-table select Drizzle leaves column names unqualified
      returnRequested: sql<boolean>`exists (select 1 from return_requests r
        where r.order_item_id = order_items.id and r.status = 'requested')`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));

/** The order moves to `to`; `stamp` names the column that records when (now). */
export const setOrderStatus = (
  tx: Tx,
  id: number,
  to: OrderStatusName,
  stamp?: 'paidAt' | 'cancelledAt',
) =>
  tx
    .update(orders)
    .set({ ...(stamp ? { [stamp]: sql`now()` } : {}), status: to, updatedAt: sql`now()` })
    .where(eq(orders.id, id));

/** What an order's lines cost in USD, to work out their AZN amounts at another rate. */
export const findItemPrices = (tx: DbOrTx, orderId: number) =>
  tx
    .select({ id: orderItems.id, unitUsd: orderItems.unitUsd, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));

/**
 * Fixes an order's AZN amounts at a day's rate (issue 31): each line's, then the order's. The
 * lines first: a cash order's sales count from its payment, so the sales triggers then read the
 * amounts fixed here.
 */
export const setOrderAzn = async (
  tx: Tx,
  id: number,
  fixed: {
    rate: string;
    rateDate: string;
    totalAzn: string;
    lines: { id: number; totalAzn: string }[];
  },
) => {
  for (const line of fixed.lines)
    await tx
      .update(orderItems)
      .set({ totalAzn: line.totalAzn })
      .where(and(eq(orderItems.id, line.id), eq(orderItems.orderId, id)));
  await tx
    .update(orders)
    .set({
      rate: fixed.rate,
      rateDate: fixed.rateDate,
      totalAzn: fixed.totalAzn,
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, id));
};

export const markCreditSettled = (tx: Tx, id: number) =>
  tx
    .update(orders)
    .set({ creditSettledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, id));

export const setRefunded = (tx: Tx, id: number, refunded: { usd: string; azn: string }) =>
  tx
    .update(orders)
    .set({ refundedUsd: refunded.usd, refundedAzn: refunded.azn, updatedAt: sql`now()` })
    .where(eq(orders.id, id));

/** A step of the order's history (an item's when `itemId` is set). */
export const insertOrderEvent = (tx: Tx, event: typeof orderEvents.$inferInsert) =>
  tx.insert(orderEvents).values(event);

export const lockOrderItem = async (tx: Tx, orderId: number, itemId: number) => {
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .for('update');
  return item;
};

/** Keys an admin typed in for an item, allocated to it at once. */
export const insertAllocatedKeys = (
  tx: Tx,
  item: { id: number; productId: number },
  keys: string[],
  importedBy: number,
) =>
  tx.insert(licenceKeys).values(
    keys.map((key) => ({
      productId: item.productId,
      key,
      status: 'allocated' as const,
      orderItemId: item.id,
      allocatedAt: sql`now()`,
      importedBy,
    })),
  );

/** Counts `added` more keys on the item; `full`: it now has all it needs. */
export const addDeliveredKeys = (tx: Tx, itemId: number, added: number, full: boolean) =>
  tx
    .update(orderItems)
    .set({
      delivered: sql`${orderItems.delivered} + ${added}`,
      ...(full ? { status: 'delivered' as const, deliveredAt: sql`now()` } : {}),
    })
    .where(eq(orderItems.id, itemId));

export const lockOrderKey = async (tx: Tx, orderId: number, keyId: number) => {
  const [row] = await tx
    .select({ key: licenceKeys })
    .from(licenceKeys)
    .innerJoin(orderItems, eq(orderItems.id, licenceKeys.orderItemId))
    .where(and(eq(licenceKeys.id, keyId), eq(orderItems.orderId, orderId)))
    .for('update', { of: licenceKeys });
  return row?.key;
};

export const markKeyActivated = (tx: Tx, keyId: number, by: number, endCustomer: string) =>
  tx
    .update(licenceKeys)
    .set({ activatedAt: sql`now()`, activatedBy: by, activatedFor: endCustomer })
    .where(eq(licenceKeys.id, keyId));

export const insertReturnRequest = async (tx: Tx, request: typeof returnRequests.$inferInsert) => {
  const [row] = await tx
    .insert(returnRequests)
    .values(request)
    .returning({ id: returnRequests.id });
  return row!.id;
};

export const lockReturnRequest = async (tx: Tx, orderId: number, returnId: number) => {
  const [row] = await tx
    .select({ request: returnRequests })
    .from(returnRequests)
    .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
    .where(and(eq(returnRequests.id, returnId), eq(orderItems.orderId, orderId)))
    .for('update', { of: returnRequests });
  return row?.request;
};

export const decideReturnRequest = (
  tx: Tx,
  id: number,
  decision: { status: 'approved' | 'rejected'; decidedBy: number; note: string | null },
) =>
  tx
    .update(returnRequests)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(eq(returnRequests.id, id));

/** The item's keys are revoked and the item is returned. */
export const returnItem = async (tx: Tx, itemId: number) => {
  await tx
    .update(licenceKeys)
    .set({ status: 'revoked', revokedAt: sql`now()` })
    .where(and(eq(licenceKeys.orderItemId, itemId), inArray(licenceKeys.status, ['allocated'])));
  await tx.update(orderItems).set({ status: 'returned' }).where(eq(orderItems.id, itemId));
};

/**
 * The order is completed once no item waits any more (returned items do not wait): in one
 * statement, the order turns completed, its history gets the event and its event points are
 * credited. Every way an order completes passes here, so those points are credited exactly once.
 * All parts read the statement's snapshot: the points are taken from the order row this
 * statement completes (`done`), and the items delivered earlier in the transaction are seen.
 */
export const completeIfDelivered = async (tx: Tx, orderId: number, actorId: number | null) => {
  const [row] = await rowsOf<{ completed: number }>(
    tx,
    sql`
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
    select count(*)::int as completed from done`,
  );
  return (row?.completed ?? 0) > 0;
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
