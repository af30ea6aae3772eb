import type { OrderStatusName } from '@esd/shared/orders/orders.rules';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  basketItems,
  licenceKeys,
  orderEvents,
  orderItems,
  orderMoneyMovements,
  orders,
  type products,
  users,
} from '../../db/schema';
import { fromJsonRow, jsonRowOf, jsonRowsOf } from '../../lib/json-rows';
import { rowsOf } from '../../lib/sql';
import type { Session } from '../../plugins/auth';
import { basketLinesColumn, basketLinesFrom } from '../basket';
import { type FreshPricingRow, freshPricingColumns } from '../catalogue';
import { invoicePartiesColumn } from '../invoices';
import { unpaidCreditColumn } from '../orders';

/** Available keys of each product, in one grouped query. */
export const availableByProduct = async (db: DbOrTx, productIds: number[]) => {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ productId: licenceKeys.productId, available: sql<number>`count(*)::int` })
    .from(licenceKeys)
    .where(and(inArray(licenceKeys.productId, productIds), eq(licenceKeys.status, 'available')))
    .groupBy(licenceKeys.productId);
  return new Map(rows.map((r) => [r.productId, r.available]));
};

export const findUserIsActive = async (db: DbOrTx, userId: number) => {
  const [user] = await db
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  return user;
};

export const findUser = async (db: DbOrTx, userId: number) => {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
};

/** The user's row, locked for the rest of the transaction. */
export const lockUser = async (tx: Tx, userId: number) => {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return user;
};

/**
 * What placing an order reads once the buyer's row is locked (issue 35: one statement where
 * there were six): the buyer's order of this Idempotency-Key (`existing`, with the answer its
 * checkout gave), what the pricing chain reads afresh (`freshPricingColumns`), the basket's
 * lines with their products, with `unpaidOf` that dealer's unpaid credit, and with
 * `invoiceParties` what a credit order's invoice names (`invoicePartiesColumn`). It runs after
 * the lock, so its one snapshot already sees every basket write and checkout that held the
 * lock before: the statement that waited for the lock (`lockUser`) is not this one.
 */
export const readPlacingState = async (
  tx: Tx,
  session: Session,
  input: { idempotencyKey: string; unpaidOf: number | null; invoiceParties: boolean },
) => {
  const buyerId = session.user.id;
  const [row] = await rowsOf<
    FreshPricingRow & {
      existing: {
        id: number;
        sellType: number;
        status: OrderStatusName;
        answer: unknown;
      } | null;
      lines: Parameters<typeof basketLinesFrom>[0];
      unpaid: string | null;
      parties: unknown;
    }
  >(
    tx,
    sql`select
      (select json_build_object('id', ${orders.id}, 'sellType', ${orders.sellType},
          'status', ${orders.status}, 'answer', ${orders.checkoutAnswer})
        from ${orders}
        where ${orders.buyerId} = ${buyerId} and ${orders.idempotencyKey} = ${input.idempotencyKey}) as existing,
      ${freshPricingColumns(session)},
      ${basketLinesColumn(buyerId)} as lines,
      ${input.unpaidOf === null ? sql`null::text` : unpaidCreditColumn(input.unpaidOf)} as unpaid,
      ${input.invoiceParties ? invoicePartiesColumn(buyerId) : sql`null::json`} as parties`,
  );
  if (!row) throw new Error('the placing read answered nothing');
  return { ...row, lines: basketLinesFrom(row.lines) };
};

type PlacedLine = {
  item: Pick<typeof basketItems.$inferSelect, 'id' | 'quantity' | 'adobe'>;
  product: Pick<
    typeof products.$inferSelect,
    'id' | 'sku' | 'titleEn' | 'titleRu' | 'titleAz' | 'providerId' | 'isReturnable'
  >;
  unitUsd: string;
  totalUsd: string;
  totalAzn: string;
};

/** The id of the order `insertPlacedOrder` inserts, inside its statement. */
const placedId = sql`(select id from placed)`;

/**
 * A new order in one statement (issue 35; issue 29 for the basket): the order (`paid`: paid as
 * it is placed, a credit order, so `paid_at` is now), its items, its first event, the money it
 * moves (`movement`, a credit order's credit drawn) and the emptied basket. The sub-statements
 * of a WITH all run, on one snapshot taken after the buyer's lock (the caller's `lockUser`).
 * Only the basket lines this order bought go: those of the other sell type stay. A line goes
 * only with the quantity the order bought: `emptied` says how many lines went, so the caller
 * refuses when a line changed after it was priced instead of deleting licences it did not buy.
 * Answers the rows written, as `select()` reads them, for the answer of the checkout.
 */
export const insertPlacedOrder = async (
  tx: Tx,
  order: Omit<typeof orders.$inferInsert, 'paidAt'> & {
    paid: boolean;
    lines: PlacedLine[];
    movement: { kind: string; usd: string; azn: string } | null;
  },
) => {
  const { paid, lines, movement, ...values } = order;
  const insertOrder = tx.insert(orders).values({ ...values, paidAt: paid ? sql`now()` : null });
  const insertItems = tx.insert(orderItems).values(
    lines.map(({ item, product, unitUsd, totalUsd, totalAzn }) => ({
      orderId: placedId,
      productId: product.id,
      // one SKU per purchase: an Adobe item is the offer Adobe quoted (its level), everywhere
      sku: item.adobe?.option_id ?? product.sku,
      titleEn: product.titleEn,
      titleRu: product.titleRu,
      titleAz: product.titleAz,
      providerId: product.providerId,
      isReturnable: product.isReturnable,
      quantity: item.quantity,
      unitUsd,
      totalUsd,
      totalAzn,
      adobe: item.adobe,
    })),
  );
  const insertEvent = tx.insert(orderEvents).values({
    orderId: placedId,
    fromStatus: null,
    toStatus: values.status,
    actorId: values.buyerId,
  });
  const insertMovement = movement
    ? tx.insert(orderMoneyMovements).values({
        orderId: placedId,
        itemId: null,
        kind: movement.kind as typeof orderMoneyMovements.$inferInsert.kind,
        amountUsd: movement.usd,
        amountAzn: movement.azn,
        actorId: values.buyerId,
        note: null,
      })
    : undefined;
  const emptyBasket = tx
    .delete(basketItems)
    .where(
      and(
        eq(basketItems.userId, values.buyerId),
        or(
          ...lines.map((l) =>
            and(eq(basketItems.id, l.item.id), eq(basketItems.quantity, l.item.quantity)),
          ),
        ),
      ),
    )
    .returning({ id: basketItems.id });
  const [row] = await rowsOf<{
    order: Record<string, unknown>;
    items: Record<string, unknown>[];
    events: Record<string, unknown>[];
    movements: Record<string, unknown>[];
    emptied: number;
  }>(
    tx,
    // the basket first: a statement's text is cut at 1 kB where PostgreSQL shows it (pg_stat_activity)
    // `returning *`: every column, as `jsonRowOf` reads them, without drizzle listing each
    sql`with emptied as (${emptyBasket.getSQL()}),
      placed as (${insertOrder.getSQL()} returning *),
      items as (${insertItems.getSQL()} returning *),
      event as (${insertEvent.getSQL()} returning *)
      ${insertMovement ? sql`, movement as (${insertMovement.getSQL()} returning *)` : sql``}
    select (select ${jsonRowOf(orders, 'placed')} from placed) as "order",
      ${jsonRowsOf(orderItems, 'items', 'id')} as items,
      ${jsonRowsOf(orderEvents, 'event', 'id')} as events,
      ${insertMovement ? jsonRowsOf(orderMoneyMovements, 'movement', 'id') : sql`'[]'::json`} as movements,
      (select count(*)::int from emptied) as emptied`,
  );
  if (!row?.order) throw new Error('order insert returned nothing');
  return {
    order: fromJsonRow(orders, row.order),
    items: row.items.map((item) => fromJsonRow(orderItems, item)),
    events: row.events.map((event) => fromJsonRow(orderEvents, event)),
    movements: row.movements.map((m) => fromJsonRow(orderMoneyMovements, m)),
    emptied: row.emptied,
  };
};

/**
 * Keeps the answer of the checkout that placed the order, for its replays. Nothing is written
 * until it is awaited: the caller may instead run it inside another statement (`getSQL`).
 */
export const saveCheckoutAnswer = (tx: Tx, orderId: number, answer: unknown) =>
  tx.update(orders).set({ checkoutAnswer: answer }).where(eq(orders.id, orderId));
