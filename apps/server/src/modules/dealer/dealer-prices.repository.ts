import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealerProductPrices, products } from '../../db/schema';
import { offsetOf } from '../../lib/list';
import { productSearchCondition, type titleColumn } from '../catalogue';

type Title = ReturnType<typeof titleColumn>;

/** Products with the dealer's own price setting of each (null when it has none). */
const rowsFor = (db: DbOrTx, dealerId: number, title: Title) =>
  db
    .select({ product: products, title, own: dealerProductPrices })
    .from(products)
    .leftJoin(
      dealerProductPrices,
      and(
        eq(dealerProductPrices.productId, products.id),
        eq(dealerProductPrices.dealerId, dealerId),
      ),
    );

export type DealerPriceRow = Awaited<ReturnType<typeof rowsFor>>[number];

/** A page of the products on sale matching `q`, by title, and how many there are. */
export const findDealerPrices = async (
  db: DbOrTx,
  dealerId: number,
  title: Title,
  query: { page: number; perPage: number; q?: string },
) => {
  const where = and(eq(products.isActive, true), productSearchCondition(query.q));
  const [rows, [total]] = await Promise.all([
    rowsFor(db, dealerId, title)
      .where(where)
      .orderBy(asc(title), asc(products.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

/** One product on sale, with the dealer's setting of it. */
export const findDealerPrice = async (
  db: DbOrTx,
  dealerId: number,
  title: Title,
  productId: number,
) => {
  const [row] = await rowsFor(db, dealerId, title).where(
    and(eq(products.id, productId), eq(products.isActive, true)),
  );
  return row;
};

const settingOf = (dealerId: number, productId: number): SQL =>
  and(eq(dealerProductPrices.dealerId, dealerId), eq(dealerProductPrices.productId, productId))!;

/** The dealer's own setting of a product, locked until commit. */
export const lockOwnSetting = async (db: DbOrTx, dealerId: number, productId: number) => {
  const [row] = await db
    .select()
    .from(dealerProductPrices)
    .where(settingOf(dealerId, productId))
    .for('update');
  return row;
};

export const upsertOwnSetting = (
  db: DbOrTx,
  setting: { dealerId: number; productId: number; mode: 'price' | 'markup'; value: string },
) =>
  db
    .insert(dealerProductPrices)
    .values(setting)
    .onConflictDoUpdate({
      target: [dealerProductPrices.dealerId, dealerProductPrices.productId],
      set: { mode: setting.mode, value: setting.value, updatedAt: new Date() },
    });

export const deleteOwnSetting = (db: DbOrTx, dealerId: number, productId: number) =>
  db.delete(dealerProductPrices).where(settingOf(dealerId, productId));
