import { MAX_LINE_QUANTITY } from '@esd/shared/constants';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { basketItems, products, users } from '../../db/schema';
import type { AdobeLine } from '../../db/schema/shop';
import { fromJsonRow, jsonRowOf } from '../../lib/json-rows';

/**
 * Locks the owner's row until the transaction ends (issue 29): every write to a basket takes
 * this lock first, and checkout's `FOR UPDATE` of the buyer (checkout.repository's `lockUser`)
 * waits for it and holds it off, so the writes to one basket and its checkouts run one after
 * another on any number of processes. `NO KEY UPDATE`: rows that merely refer to the user
 * (sign-ins, audit entries) are not held up. False when the user does not exist.
 */
export const lockBasketOwner = async (tx: Tx, userId: number) => {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row !== undefined;
};

export const findBasketLines = (db: DbOrTx, userId: number) =>
  db
    .select({ item: basketItems, product: products })
    .from(basketItems)
    .innerJoin(products, eq(products.id, basketItems.productId))
    .where(eq(basketItems.userId, userId))
    .orderBy(asc(basketItems.createdAt), asc(basketItems.id));

/**
 * `findBasketLines` as one JSON column of a larger select (issue 35: checkout reads the basket
 * with the prices it is charged at in one statement); `basketLinesFrom` reads it back.
 */
export const basketLinesColumn = (userId: number) =>
  sql`(select coalesce(json_agg(json_build_object(
      'item', ${jsonRowOf(basketItems, 'basket_items')},
      'product', ${jsonRowOf(products, 'products')})
      order by ${basketItems.createdAt}, ${basketItems.id}), '[]'::json)
    from ${basketItems} inner join ${products} on ${products.id} = ${basketItems.productId}
    where ${basketItems.userId} = ${userId})`;

/** The lines `basketLinesColumn` read, as `findBasketLines` answers them. */
export const basketLinesFrom = (
  json: { item: Record<string, unknown>; product: Record<string, unknown> }[],
) =>
  json.map((line) => ({
    item: fromJsonRow(basketItems, line.item),
    product: fromJsonRow(products, line.product),
  }));

export const findBasketLine = async (db: DbOrTx, userId: number, itemId: number) => {
  const [row] = await db
    .select({ quantity: basketItems.quantity, adobe: basketItems.adobe })
    .from(basketItems)
    .where(and(eq(basketItems.id, itemId), eq(basketItems.userId, userId)));
  return row;
};

export const countBasketLines = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(basketItems)
    .where(eq(basketItems.userId, userId));
  return row?.value ?? 0;
};

/** What makes a basket line one line: its user, product, sell type and line key. */
const lineIdentity = [
  basketItems.userId,
  basketItems.productId,
  basketItems.sellType,
  basketItems.lineKey,
];

/** Adds to an existing line of the same product and sell type, or opens one. */
export const addToLine = async (
  db: DbOrTx,
  line: { userId: number; productId: number; quantity: number; sellType: SellType },
) => {
  const [row] = await db
    .insert(basketItems)
    .values(line)
    .onConflictDoUpdate({
      target: lineIdentity,
      set: {
        quantity: sql`${basketItems.quantity} + excluded.quantity`,
        updatedAt: sql`now()`,
      },
      // past the limit nothing is updated and no row comes back
      setWhere: sql`${basketItems.quantity} + excluded.quantity <= ${MAX_LINE_QUANTITY}`,
    })
    .returning({ id: basketItems.id });
  return row;
};

/**
 * Puts an Adobe line in the basket. It holds one priced request: asking again replaces its
 * quantity and quote (the price depends on them) instead of adding to it.
 */
export const putAdobeLine = async (
  db: DbOrTx,
  line: {
    userId: number;
    productId: number;
    quantity: number;
    sellType: SellType;
    lineKey: string;
    adobe: AdobeLine;
  },
) => {
  await db
    .insert(basketItems)
    .values(line)
    .onConflictDoUpdate({
      target: lineIdentity,
      set: { quantity: line.quantity, adobe: line.adobe, updatedAt: sql`now()` },
    });
};

/** Takes `count` off a line of this user; the line goes when nothing is left. */
export const removeFromLine = async (
  db: DbOrTx,
  userId: number,
  itemId: number,
  removed: number,
) => {
  const mine = and(eq(basketItems.id, itemId), eq(basketItems.userId, userId));
  const [updated] = await db
    .update(basketItems)
    .set({ quantity: sql`${basketItems.quantity} - ${removed}`, updatedAt: sql`now()` })
    .where(and(mine, sql`${basketItems.quantity} > ${removed}`))
    .returning({ id: basketItems.id });
  if (updated) return true;
  const deleted = await db.delete(basketItems).where(mine).returning({ id: basketItems.id });
  return deleted.length > 0;
};

export const setLineSellType = (db: DbOrTx, itemId: number, sellType: SellType) =>
  db.update(basketItems).set({ sellType, updatedAt: sql`now()` }).where(eq(basketItems.id, itemId));

/** Adds `quantity` to line `intoId` and removes line `fromId`, which held it. */
export const mergeLineInto = async (
  db: DbOrTx,
  fromId: number,
  intoId: number,
  quantity: number,
) => {
  await db.delete(basketItems).where(eq(basketItems.id, fromId));
  await db
    .update(basketItems)
    .set({ quantity: sql`${basketItems.quantity} + ${quantity}`, updatedAt: sql`now()` })
    .where(eq(basketItems.id, intoId));
};
