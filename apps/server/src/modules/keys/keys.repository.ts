import type { Language } from '@esd/shared/constants';
import type { KeyStock } from '@esd/shared/orders/orders.schemas';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenceKeys, orderItems, orders, products } from '../../db/schema';
import { rowsOf } from '../../lib/sql';
import { productSearchCondition } from '../catalogue';

/** Key stock is kept for the key-pool and vendor products; Adobe licences come from Adobe. */
export const STOCKED_PROVIDERS = [1, 2];

const INSERT_BATCH = 1000;

export type KeyStockQuery = {
  page: number;
  perPage: number;
  q?: string;
  low?: boolean;
  lang: Language;
  threshold: number;
};

const titleColumn = (lang: Language) =>
  ({ en: products.titleEn, ru: products.titleRu, az: products.titleAz })[lang];

/** Key counts per product, one grouped pass over the keys. */
const keyCounts = (db: DbOrTx) =>
  db
    .select({
      productId: licenceKeys.productId,
      available: sql<number>`count(*) filter (where ${licenceKeys.status} = 'available')`
        .mapWith(Number)
        .as('available'),
      allocated: sql<number>`count(*) filter (where ${licenceKeys.status} = 'allocated')`
        .mapWith(Number)
        .as('allocated'),
      revoked: sql<number>`count(*) filter (where ${licenceKeys.status} = 'revoked')`
        .mapWith(Number)
        .as('revoked'),
    })
    .from(licenceKeys)
    .groupBy(licenceKeys.productId)
    .as('key_counts');

/** Licences paid for (order in progress) and not yet delivered, per product. */
const waitingDemand = (db: DbOrTx) =>
  db
    .select({
      productId: orderItems.productId,
      waiting: sql<number>`sum(${orderItems.quantity} - ${orderItems.delivered})`
        .mapWith(Number)
        .as('waiting'),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.status, 'waiting'), eq(orders.status, 'in_progress')))
    .groupBy(orderItems.productId)
    .as('waiting_demand');

/** The stock of every stocked product: low ones first, then by SKU. */
export const findKeyStock = async (db: DbOrTx, query: KeyStockQuery) => {
  const keys = keyCounts(db);
  const demand = waitingDemand(db);
  const available = sql<number>`coalesce(${keys.available}, 0)`;
  const isLow = sql<boolean>`(${available} < ${query.threshold})`;
  const where = and(
    inArray(products.providerId, STOCKED_PROVIDERS),
    productSearchCondition(query.q),
    query.low === undefined ? undefined : query.low ? isLow : sql`not ${isLow}`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        product_id: products.id,
        sku: products.sku,
        FullTitle: titleColumn(query.lang),
        provider_id: products.providerId,
        available: available.mapWith(Number),
        allocated: sql<number>`coalesce(${keys.allocated}, 0)`.mapWith(Number),
        revoked: sql<number>`coalesce(${keys.revoked}, 0)`.mapWith(Number),
        waiting: sql<number>`coalesce(${demand.waiting}, 0)`.mapWith(Number),
        low: isLow.mapWith(Boolean),
      })
      .from(products)
      .leftJoin(keys, eq(keys.productId, products.id))
      .leftJoin(demand, eq(demand.productId, products.id))
      .where(where)
      .orderBy(desc(isLow), asc(products.sku), asc(products.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ value: count() })
      .from(products)
      .leftJoin(keys, eq(keys.productId, products.id))
      .where(where),
  ]);
  return { items: rows satisfies KeyStock[], total: total?.value ?? 0 };
};

/** Adds new keys of a product in batches; keys it already has are skipped. Returns how many were added. */
export const insertKeys = async (
  db: DbOrTx,
  options: { productId: number; keys: string[]; importedBy: number },
) => {
  let added = 0;
  for (let start = 0; start < options.keys.length; start += INSERT_BATCH) {
    // one array parameter per batch, not one parameter per key
    const batch = sql.param(options.keys.slice(start, start + INSERT_BATCH));
    const [row] = await rowsOf<{ added: number }>(
      db,
      sql`
      with inserted as (
        insert into ${licenceKeys} (product_id, key, status, imported_by)
        select ${options.productId}::int, k, 'available', ${options.importedBy}::int
        from unnest(${batch}::text[]) as k
        on conflict (product_id, key) do nothing
        returning 1
      )
      select count(*)::int as added from inserted`,
    );
    added += Number(row?.added ?? 0);
  }
  return added;
};

export const countAvailableKeys = async (db: DbOrTx, productId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(licenceKeys)
    .where(and(eq(licenceKeys.productId, productId), eq(licenceKeys.status, 'available')));
  return row?.value ?? 0;
};

export const findProductForKeys = async (db: DbOrTx, productId: number) => {
  const [product] = await db
    .select({ id: products.id, sku: products.sku, providerId: products.providerId })
    .from(products)
    .where(eq(products.id, productId));
  return product;
};

/** A product's available keys, counted up to its reorder level only (a large stock is not scanned). */
const availableUpToLevel = sql`(select count(*) from (select 1 from ${licenceKeys} k
  where k.product_id = ${products.id} and k.status = 'available' limit ${products.reorderLevel}) s)`;

/**
 * Of these products, those whose available keys are now under their reorder level and whose
 * admins were not told yet: marked told (once until a restock, `rearmLowStock`), answered with
 * the moment of marking. Runs in the transaction that took the keys; the row lock makes two
 * deliveries of one product mark it once.
 */
export const markLowStock = async (tx: DbOrTx, productIds: number[]) => {
  if (productIds.length === 0) return [];
  return tx
    .update(products)
    .set({ lowStockNotifiedAt: sql`now()` })
    .where(
      and(
        inArray(products.id, productIds),
        sql`${products.reorderLevel} is not null and ${products.lowStockNotifiedAt} is null`,
        sql`${availableUpToLevel} < ${products.reorderLevel}`,
      ),
    )
    .returning({ productId: products.id, at: products.lowStockNotifiedAt });
};

/**
 * A product restocked to its reorder level or above (or whose level was turned off) may tell
 * of its next fall under the level again.
 */
export const rearmLowStock = (tx: DbOrTx, productId: number) =>
  tx
    .update(products)
    .set({ lowStockNotifiedAt: null })
    .where(
      and(
        eq(products.id, productId),
        sql`${products.lowStockNotifiedAt} is not null`,
        sql`(${products.reorderLevel} is null or ${availableUpToLevel} >= ${products.reorderLevel})`,
      ),
    );
