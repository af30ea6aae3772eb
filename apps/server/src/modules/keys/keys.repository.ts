import { STOCKED_PROVIDERS } from '@esd/shared/catalogue/catalogue.constants';
import type { Language } from '@esd/shared/constants';
import type { KeyStock } from '@esd/shared/orders/orders.schemas';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type KeyStatus, licenceKeys, orderItems, orders, products } from '../../db/schema';
import { rowsOf } from '../../lib/sql';
import { productSearchCondition } from '../catalogue';

const INSERT_BATCH = 1000;

export type KeyStockQuery = {
  page: number;
  perPage: number;
  q?: string;
  low?: boolean;
  lang: Language;
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
  const isLow = sql<boolean>`(${available} < ${products.lowStockThreshold})`;
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
        low_stock_threshold: products.lowStockThreshold,
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

/** Splits keys into batches: one array parameter per batch, not one parameter per key. */
const batchesOf = (keys: string[]) =>
  Array.from({ length: Math.ceil(keys.length / INSERT_BATCH) }, (_, i) =>
    sql.param(keys.slice(i * INSERT_BATCH, (i + 1) * INSERT_BATCH)),
  );

/**
 * Adds keys to a product's stock in batches; a key already in the pool (any product, any state,
 * any case) is skipped by the unique index, also when another import stores it at the same
 * moment (this insert waits for that one to commit, then skips). Returns the keys it stored.
 */
export const insertKeys = async (
  db: DbOrTx,
  options: { productId: number; keys: string[]; importedBy: number },
) => {
  const stored: string[] = [];
  for (const batch of batchesOf(options.keys)) {
    const rows = await rowsOf<{ key: string }>(
      db,
      sql`
      insert into ${licenceKeys} (product_id, key, status, imported_by)
      select ${options.productId}::int, k, 'available', ${options.importedBy}::int
      from unnest(${batch}::text[]) as k
      on conflict ((lower(key))) where duplicate_of is null do nothing
      returning key`,
    );
    stored.push(...rows.map((row) => row.key));
  }
  return stored;
};

export type ExistingKey = { key: string; sku: string; status: KeyStatus };

/**
 * Which of these keys are already in the pool, compared as the unique index does (lower case):
 * each as it was asked, with the product that has it and its state.
 */
export const findExistingKeys = async (db: DbOrTx, keys: string[]) => {
  const found: ExistingKey[] = [];
  for (const batch of batchesOf(keys)) {
    const rows = await rowsOf<ExistingKey>(
      db,
      sql`
      select asked.k as key, p.sku, k.status
      from unnest(${batch}::text[]) as asked(k)
      join ${licenceKeys} k on lower(k.key) = lower(asked.k) and k.duplicate_of is null
      join ${products} p on p.id = k.product_id`,
    );
    found.push(...rows);
  }
  return found;
};

/** Sets a product's low-stock threshold; answers whether the product exists. */
export const updateLowStockThreshold = async (tx: DbOrTx, productId: number, threshold: number) => {
  const rows = await tx
    .update(products)
    .set({ lowStockThreshold: threshold })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  return rows.length > 0;
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
    .select({
      id: products.id,
      sku: products.sku,
      providerId: products.providerId,
      lowStockThreshold: products.lowStockThreshold,
    })
    .from(products)
    .where(eq(products.id, productId));
  return product;
};

/** A product's available keys, counted up to its threshold only (a large stock is not scanned). */
const availableUpToThreshold = sql`(select count(*) from (select 1 from ${licenceKeys} k
  where k.product_id = ${products.id} and k.status = 'available'
  limit ${products.lowStockThreshold}) s)`;

/** Not told of its current fall yet: told once, then again only after a restock re-arms it. */
const notToldYet = sql`${products.lowStockNotifiedAt} is null`;

/**
 * Of these products, those whose available keys are now under their low-stock threshold and whose
 * admins were not told yet: marked told (once until a restock, `rearmLowStock`), answered with
 * the moment of marking. One statement, run **after** the transaction that took the keys has
 * committed, never inside it: a statement sees every take committed before it starts, so of
 * deliveries running side by side the one that commits last counts every key taken, its own
 * included, and tells if the stock is under the level (run inside the transactions, each would
 * count only its own take and committed ones, and two that count before either commits would
 * both see the stock above the level: nobody told). Two runs at once never both tell: the
 * second waits for the first's row lock and then finds the product told. Only a product
 * actually under its level is locked (its marking), so deliveries of one product do not queue
 * behind each other here.
 */
export const markLowStock = async (db: DbOrTx, productIds: number[]) => {
  if (productIds.length === 0) return [];
  return db
    .update(products)
    .set({ lowStockNotifiedAt: sql`now()` })
    .where(
      and(
        inArray(products.id, productIds),
        notToldYet,
        sql`${availableUpToThreshold} < ${products.lowStockThreshold}`,
      ),
    )
    .returning({ productId: products.id, at: products.lowStockNotifiedAt });
};

/**
 * A product restocked to its low-stock threshold or above (or whose threshold was lowered to its
 * stock) may tell of its next fall under the threshold again.
 */
export const rearmLowStock = (tx: DbOrTx, productId: number) =>
  tx
    .update(products)
    .set({ lowStockNotifiedAt: null })
    .where(
      and(
        eq(products.id, productId),
        sql`${products.lowStockNotifiedAt} is not null`,
        sql`${availableUpToThreshold} >= ${products.lowStockThreshold}`,
      ),
    );
