import type { OrderStatusName } from '@esd/shared/orders/orders.rules';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  basketItems,
  licenceKeys,
  orderEvents,
  orderItems,
  orders,
  type products,
  users,
} from '../../db/schema';
import { rowsOf } from '../../lib/sql';

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

/** The buyer's order placed with this Idempotency-Key, with the answer its checkout gave. */
export const findOrderByIdempotencyKey = async (
  tx: Tx,
  buyerId: number,
  idempotencyKey: string,
) => {
  const [order] = await tx
    .select({
      id: orders.id,
      sellType: orders.sellType,
      status: orders.status,
      answer: orders.checkoutAnswer,
    })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), eq(orders.idempotencyKey, idempotencyKey)));
  return order;
};

/** A new order; `paid`: it is paid as it is placed (credit), so `paid_at` is now. */
export const insertOrder = async (
  tx: Tx,
  { paid, ...values }: Omit<typeof orders.$inferInsert, 'paidAt'> & { paid: boolean },
) => {
  const [order] = await tx
    .insert(orders)
    .values({ ...values, paidAt: paid ? sql`now()` : null })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned nothing');
  return order;
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

/**
 * A new order's items, its first event and the emptied basket in one round trip: the
 * sub-statements of a WITH all run, on the snapshot the order's insert is part of. Only the
 * basket lines this order bought go: those of the other sell type stay. A line goes only with
 * the quantity the order bought (issue 29): answers how many lines went, so the caller can
 * refuse when a line changed after it was priced instead of deleting licences it did not buy.
 */
export const insertOrderItemsAndEmptyBasket = async (
  tx: Tx,
  order: { id: number; buyerId: number; status: OrderStatusName; lines: PlacedLine[] },
) => {
  const insertItems = tx.insert(orderItems).values(
    order.lines.map(({ item, product, unitUsd, totalUsd, totalAzn }) => ({
      orderId: order.id,
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
    orderId: order.id,
    fromStatus: null,
    toStatus: order.status,
    actorId: order.buyerId,
  });
  const emptyBasket = tx
    .delete(basketItems)
    .where(
      and(
        eq(basketItems.userId, order.buyerId),
        or(
          ...order.lines.map((l) =>
            and(eq(basketItems.id, l.item.id), eq(basketItems.quantity, l.item.quantity)),
          ),
        ),
      ),
    )
    .returning({ id: basketItems.id });
  const [row] = await rowsOf<{ emptied: number }>(
    tx,
    sql`with items as (${insertItems.getSQL()}), event as (${insertEvent.getSQL()}), emptied as (${emptyBasket.getSQL()}) select count(*)::int as emptied from emptied`,
  );
  return row?.emptied ?? 0;
};

/** Keeps the answer of the checkout that placed the order, for its replays. */
export const saveCheckoutAnswer = (tx: Tx, orderId: number, answer: unknown) =>
  tx.update(orders).set({ checkoutAnswer: answer }).where(eq(orders.id, orderId));
