import type { Role } from '@esd/shared/access/access.rules';
import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { orderActions, returnableUntil } from '@esd/shared/orders/orders.rules';
import type {
  OrderDetail,
  OrderSummary,
  orderListQuerySchema,
} from '@esd/shared/orders/orders.schemas';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  licenceKeys,
  localDistrictCountries,
  orderEvents,
  orderItems,
  orders,
  returnRequests,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { titleIn } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import { readOrderSettings } from '../keys/order-settings';
import { lateItemsCondition } from './delivery';

export type OrderFilters = Omit<z.output<typeof orderListQuerySchema>, 'page' | 'perPage'>;

/** Dates of the filters are calendar days in Baku, where the distributor works. */
export const BUSINESS_TIME_ZONE = 'Asia/Baku';

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
      return inArray(
        orders.countryId,
        sql`(select ${localDistrictCountries.countryId} from ${localDistrictCountries}
          where ${localDistrictCountries.userId} = ${me})`,
      );
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

export const orderConditions = (session: Session, f: OrderFilters): SQL | undefined =>
  and(
    orderScope(session),
    f.id ? eq(orders.id, f.id) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
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

/** Orders newest first, with buyer and dealer names; `after` pages through them for exports. */
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

type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

/** Item counts of some orders in one grouped query. */
export const itemTotals = async (db: DbOrTx, orderIds: number[]) => {
  if (orderIds.length === 0)
    return new Map<number, { items: number; quantity: number; waiting: number }>();
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      items: sql<number>`count(*)::int`,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
      waiting: sql<number>`(count(*) filter (where ${orderItems.status} = 'waiting'))::int`,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, r]));
};

export const toSummary = (
  row: OrderRow,
  totals: { items: number; quantity: number; waiting: number } | undefined,
): OrderSummary => ({
  id: row.order.id,
  created_at: row.order.createdAt.toISOString(),
  status: row.order.status,
  sell_type: row.order.sellType,
  buyer: row.buyer,
  dealer: row.dealer,
  items_count: totals?.items ?? 0,
  quantity: totals?.quantity ?? 0,
  total_usd: row.order.totalUsd,
  total_azn: row.order.totalAzn,
  waiting_items: row.order.status === 'in_progress' ? (totals?.waiting ?? 0) : 0,
  credit_settled: row.order.creditSettledAt !== null,
});

export const listOrders = async (
  db: DbOrTx,
  session: Session,
  query: z.output<typeof orderListQuerySchema>,
) => {
  const where = orderConditions(session, query);
  const [rows, [total]] = await Promise.all([
    selectOrders(db, where)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  const totals = await itemTotals(
    db,
    rows.map((r) => r.order.id),
  );
  return {
    items: rows.map((row) => toSummary(row, totals.get(row.order.id))),
    total: total?.value ?? 0,
  };
};

/** The order if the viewer may see it; 404 otherwise, so strangers learn nothing. */
export const findVisibleOrder = async (db: DbOrTx, session: Session, id: number) => {
  const [row] = await selectOrders(db, and(eq(orders.id, id), orderScope(session)));
  if (!row) throw new AppError('NOT_FOUND', 'This order does not exist.');
  return row;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const isOrderAdmin = (role: Role) => role === 'gd' || role === 'ld';

/**
 * Everything the order page shows, read from one snapshot (a repeatable-read transaction),
 * so a delivery finishing meanwhile never shows keys beside "0 delivered". One connection:
 * the reads run one after another. `placing`: `db` is the checkout transaction that wrote the
 * order and holds it uncommitted, so nothing else can see or change it meanwhile (the reads
 * run there directly, without a savepoint), and it can have no keys and no return requests
 * yet (those need a delivery, which needs the order committed): they are not read, nor the
 * return window, which only a delivered item has.
 */
const readOrderSnapshot = (db: DbOrTx, session: Session, id: number, placing: boolean) => {
  const read = async (tx: DbOrTx) => {
    const row = await findVisibleOrder(tx, session, id);
    const actor = alias(users, 'actor');
    const activator = alias(users, 'activator');
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.id));
    const events = await tx
      .select({ event: orderEvents, by: actor.name })
      .from(orderEvents)
      .leftJoin(actor, eq(actor.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.id));
    // an order being placed has no delivered item, so no return window to read settings for
    const settings = placing ? null : await readOrderSettings(tx);
    const itemIds = placing ? [] : items.map((i) => i.id);
    const keys = itemIds.length
      ? await tx
          .select({ key: licenceKeys, activatedBy: activator.name })
          .from(licenceKeys)
          .leftJoin(activator, eq(activator.id, licenceKeys.activatedBy))
          .where(inArray(licenceKeys.orderItemId, itemIds))
          .orderBy(asc(licenceKeys.id))
      : [];
    const requests = itemIds.length
      ? await tx
          .select()
          .from(returnRequests)
          .where(inArray(returnRequests.orderItemId, itemIds))
          .orderBy(asc(returnRequests.id))
      : [];
    return { row, items, events, settings, keys, requests };
  };
  return placing
    ? read(db)
    : db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
};

/** The whole order as its page shows it, with what this viewer may do now. */
export const orderDetail = async (
  db: DbOrTx,
  session: Session,
  id: number,
  lang: Language,
  options: { placing?: boolean } = {},
): Promise<OrderDetail> => {
  const { row, items, events, settings, keys, requests } = await readOrderSnapshot(
    db,
    session,
    id,
    options.placing ?? false,
  );
  const now = Date.now();
  const lastRequest = new Map(requests.map((r) => [r.orderItemId, r]));
  const detailItems = items.map((item) => {
    const request = lastRequest.get(item.id) ?? null;
    const until =
      item.providerId === PROVIDER.adobe || !settings
        ? null
        : returnableUntil(item, settings.return_window_days);
    const open = until !== null && until.getTime() > now && request?.status !== 'requested';
    return {
      id: item.id,
      product_id: item.productId,
      sku: item.sku,
      FullTitle: titleIn(item, lang),
      provider_id: item.providerId,
      is_returnable: item.isReturnable,
      quantity: item.quantity,
      unit_usd: item.unitUsd,
      total_usd: item.totalUsd,
      total_azn: item.totalAzn,
      status: item.status,
      delivered: item.delivered,
      keys: keys
        .filter((k) => k.key.orderItemId === item.id && k.key.status !== 'available')
        .map(({ key, activatedBy }) => ({
          id: key.id,
          key: key.key,
          status: key.status as 'allocated' | 'revoked',
          delivered_at: (key.allocatedAt ?? key.createdAt).toISOString(),
          activated_at: iso(key.activatedAt),
          activated_by: activatedBy,
          activated_for: key.activatedFor,
        })),
      return_request: request
        ? {
            id: request.id,
            status: request.status,
            reason: request.reason,
            requested_at: request.createdAt.toISOString(),
            decided_at: iso(request.decidedAt),
            note: request.note,
          }
        : null,
      returnable_until: open && until ? until.toISOString() : null,
      adobe: item.adobe
        ? {
            customer_id: item.adobe.customer_id,
            company_name: item.adobe.company_name,
            three_year_commitment: item.adobe.three_year_commitment,
            order_id: item.adobe.order_id ?? null,
            subscription_id: item.adobe.subscription_id ?? null,
            status: item.adobe.status ?? null,
            error: item.adobe.error ?? null,
          }
        : null,
    };
  });
  const order = row.order;
  const me = session.user.id;
  const isOwner = order.buyerId === me || (session.role === 'd' && order.dealerId === me);
  const deliveredKeys = items.reduce((n, i) => n + i.delivered, 0);
  const totals = {
    items: items.length,
    quantity: items.reduce((n, i) => n + i.quantity, 0),
    waiting: items.filter((i) => i.status === 'waiting').length,
  };
  return {
    ...toSummary(row, totals),
    rate: order.rate,
    vat_percent: order.vatPercent,
    vat_usd: order.vatUsd,
    surcharge_percent: order.surchargePercent,
    refunded_usd: order.refundedUsd,
    refunded_azn: order.refundedAzn,
    paid_at: iso(order.paidAt),
    completed_at: iso(order.completedAt),
    credit_settled_at: iso(order.creditSettledAt),
    items: detailItems,
    history: events.map(({ event, by }) => ({
      at: event.createdAt.toISOString(),
      item_id: event.itemId,
      from: event.fromStatus,
      to: event.toStatus,
      by,
      note: event.note,
    })),
    actions: orderActions(session.role, {
      status: order.status,
      sellType: order.sellType,
      creditSettled: order.creditSettledAt !== null,
      deliveredKeys,
      isOwner,
      isAdmin: isOrderAdmin(session.role),
      hasVendorItemWaiting: items.some((i) => i.status === 'waiting' && i.providerId === 2),
      hasReturnRequested: requests.some((r) => r.status === 'requested'),
      hasReturnableItem: detailItems.some((i) => i.returnable_until !== null),
    }),
  };
};

/** Items past the 3-minute delivery promise, for the admins' alert. */
export const lateDeliveries = async (db: DbOrTx, session: Session, lang: Language) => {
  const rows = await db
    .select({ item: orderItems, paidAt: orders.paidAt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(lateItemsCondition, orderScope(session)))
    .orderBy(asc(orders.paidAt))
    .limit(200);
  return rows.map(({ item, paidAt }) => ({
    order_id: item.orderId,
    item_id: item.id,
    sku: item.sku,
    FullTitle: titleIn(item, lang),
    quantity: item.quantity,
    delivered: item.delivered,
    paid_at: iso(paidAt) ?? '',
  }));
};
