/**
 * Issue 33's migrations on rows written before them: product_low_stock_threshold merges the two low-stock settings into
 * each product's threshold and settles keys found more than once; licence_key_unique_in_pool drops the reorder level
 * and makes keys unique in the pool. The migrations before run on a bare PGlite first, then the
 * old rows go in, then the two run as the server would run them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const migrations = readdirSync(folder)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const run = async (db: PGlite, name: string) => {
  for (const statement of readFileSync(path.join(folder, name), 'utf8').split(
    '--> statement-breakpoint',
  )) {
    if (statement.trim()) await db.exec(statement);
  }
};

/** found by name, whatever their numbers after a merge */
const THRESHOLD_MIGRATION = migrations.find((name) =>
  name.endsWith('_product_low_stock_threshold.sql'),
)!;
const POOL_MIGRATION = migrations.find((name) => name.endsWith('_licence_key_unique_in_pool.sql'))!;

describe('[keys][migration] the threshold and pool migrations on the rows before them', () => {
  let db: PGlite;
  const rows = async <T>(query: string) => (await db.query<T>(query)).rows;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    const before = migrations.filter((name) => name < THRESHOLD_MIGRATION);
    for (const name of before) await run(db, name);
    // the old settings: a saved global threshold of 7, one product with a reorder level of 3
    await db.exec(`
      insert into app_settings (key, value) values
        ('orders', '{"return_window_days": 30, "low_stock_threshold": 7}');
      insert into categories (id, slug, name_en, name_ru, name_az) values (1, 'c', 'C', 'C', 'C');
      insert into users (id, email, name, password_hash, type_id)
        values (1, 'gd@example.com', 'GD', 'x', 1);
      insert into products (id, sku, title_en, title_ru, title_az, category_id, provider_id,
        dealer_price, unit_price, reorder_level)
      values
        (1, 'LEVEL', 'L', 'L', 'L', 1, 1, 1, 1, 3),
        (2, 'NO-LEVEL-LOW', 'N', 'N', 'N', 1, 1, 1, 1, null),
        (3, 'NO-LEVEL-FULL', 'F', 'F', 'F', 1, 2, 1, 1, null),
        (4, 'ADOBE', 'A', 'A', 'A', 1, 3, 1, 1, null);
      insert into orders (id, buyer_id, dealer_id, sell_type, status, idempotency_key, lang, rate,
        vat_percent, surcharge_percent, total_usd, vat_usd, total_azn)
        values (1, 1, 1, 2, 'completed', 'm', 'en', 1.7, 18, 0, 0, 0, 0);
      insert into order_items (id, order_id, product_id, sku, title_en, title_ru, title_az,
        provider_id, is_returnable, quantity, unit_usd, total_usd, total_azn, status, delivered)
        values (1, 1, 1, 'LEVEL', 'L', 'L', 'L', 1, false, 2, 0, 0, 0, 'delivered', 2);
      insert into licence_keys (id, product_id, key, status, order_item_id) values
        (1, 1, 'SOLD-1', 'allocated', 1),
        (2, 2, 'sold-1', 'available', null),
        (3, 2, 'TWICE-2', 'available', null),
        (4, 1, 'twice-2', 'allocated', 1),
        (5, 3, 'ONCE-3', 'available', null),
        (6, 1, 'DUP-SOLD', 'allocated', 1),
        (7, 2, 'dup-sold', 'revoked', 1);
      insert into licence_keys (id, product_id, key)
        select 100 + n, 3, 'FULL-' || n from generate_series(1, 9) n;
    `);
    await run(db, THRESHOLD_MIGRATION);
    await run(db, POOL_MIGRATION);
  });
  afterAll(async () => db?.close());

  it('gives each product its reorder level where it had one, else the saved global threshold', async () => {
    expect(await rows('select sku, low_stock_threshold as t from products order by id')).toEqual([
      { sku: 'LEVEL', t: 3 },
      { sku: 'NO-LEVEL-LOW', t: 7 },
      { sku: 'NO-LEVEL-FULL', t: 7 },
      { sku: 'ADOBE', t: 7 },
    ]);
    expect(await rows(`select value from app_settings where key = 'orders'`)).toEqual([
      { value: { return_window_days: 30 } },
    ]);
    // the reorder level is gone: one setting is left
    expect(
      await rows(
        `select column_name from information_schema.columns
          where table_name = 'products' and column_name = 'reorder_level'`,
      ),
    ).toEqual([]);
  });

  it('counts a product already under its new threshold as told, so the migration mails no one', async () => {
    const told = await rows<{ sku: string; told: boolean }>(
      'select sku, low_stock_notified_at is not null as told from products order by id',
    );
    // NO-LEVEL-LOW has 0 keys left (its copies were settled), NO-LEVEL-FULL 10: not under 7
    expect(told).toEqual([
      { sku: 'LEVEL', told: false },
      { sku: 'NO-LEVEL-LOW', told: true },
      { sku: 'NO-LEVEL-FULL', told: false },
      { sku: 'ADOBE', told: false },
    ]);
  });

  it('keeps one copy of a key found twice: unsold copies go, a sold one stays marked, and the index holds', async () => {
    expect(
      await rows(
        'select id, key, status, duplicate_of from licence_keys where id <= 7 order by id',
      ),
    ).toEqual([
      // the sold key stays; its unsold copy for another product is deleted
      { id: 1, key: 'SOLD-1', status: 'allocated', duplicate_of: null },
      // of an unsold and a sold copy, the sold one stays the key and the unsold one goes
      { id: 4, key: 'twice-2', status: 'allocated', duplicate_of: null },
      { id: 5, key: 'ONCE-3', status: 'available', duplicate_of: null },
      // two copies sold: both stay for their orders, the later one marked and out of the index
      { id: 6, key: 'DUP-SOLD', status: 'allocated', duplicate_of: null },
      { id: 7, key: 'dup-sold', status: 'revoked', duplicate_of: 6 },
    ]);
    await expect(
      db.exec(`insert into licence_keys (id, product_id, key) values (200, 3, 'Sold-1')`),
    ).rejects.toThrow(/licence_keys_key_unique/);
  });
});
