/**
 * Issue 33: the product attributes (licence type, delivery time, operating systems) were one
 * English text each. Migrations attributes_in_each_language and attributes_drop_single_language keep every stored value as the English one and
 * give the demo catalogue's values their Russian and Azerbaijani words; any other value has
 * none yet and reads as English. Proven on a database migrated to just before them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const FIRST_NEW = '0038_attributes_in_each_language';

/** A copy of the migrations that stops before `tag`. */
const migrationsBefore = (tag: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'esd-migrations-'));
  cpSync(drizzleDir, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
};

describe('[catalogue] attributes migrated into each language', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps stored values as English and gives the demo values their Russian and Azerbaijani words', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    try {
      const db = drizzle({ client });
      const before = migrationsBefore(FIRST_NEW);
      folders.push(before);
      await migrate(db, { migrationsFolder: before });
      await client.exec(`
        insert into categories (slug, name_en, name_ru, name_az) values ('m', 'M', 'М', 'M');
        insert into products (sku, title_en, title_ru, title_az, category_id, dealer_price, unit_price,
            licence_type, delivery_time, operating_systems)
          values
          ('DEMO-1', 'Demo', 'Демо', 'Demo', (select id from categories where slug = 'm'), 1, 2,
            'ESD key', 'Instant (licence key)', 'Web, iOS, Android'),
          ('OWN-1', 'Own', 'Своё', 'Öz', (select id from categories where slug = 'm'), 1, 2,
            'Site licence', 'By courier', 'Solaris'),
          ('NONE-1', 'None', 'Нет', 'Yox', (select id from categories where slug = 'm'), 1, 2,
            '', '', '');
      `);
      await migrate(db, { migrationsFolder: drizzleDir });
      const { rows } = await client.query<Record<string, string>>(
        `select sku, licence_type_en, licence_type_ru, licence_type_az,
           delivery_time_en, delivery_time_ru, delivery_time_az,
           operating_systems_en, operating_systems_ru, operating_systems_az
         from products order by sku`,
      );
      const bySku = Object.fromEntries(rows.map((row) => [row.sku, row]));
      expect(bySku['DEMO-1']).toMatchObject({
        licence_type_en: 'ESD key',
        licence_type_ru: 'Электронный ключ (ESD)',
        licence_type_az: 'Elektron açar (ESD)',
        delivery_time_en: 'Instant (licence key)',
        delivery_time_ru: 'Мгновенно (лицензионный ключ)',
        delivery_time_az: 'Dərhal (lisenziya açarı)',
        operating_systems_en: 'Web, iOS, Android',
        operating_systems_ru: 'Веб, iOS, Android',
        operating_systems_az: 'Veb, iOS, Android',
      });
      // a value of the portal's own: English only, until an admin translates it
      expect(bySku['OWN-1']).toMatchObject({
        licence_type_en: 'Site licence',
        licence_type_ru: '',
        delivery_time_en: 'By courier',
        delivery_time_az: '',
        operating_systems_en: 'Solaris',
        operating_systems_ru: '',
      });
      expect(bySku['NONE-1']).toMatchObject({ licence_type_en: '', licence_type_ru: '' });
      const old = await client.query(
        `select column_name from information_schema.columns
         where table_name = 'products' and column_name in ('licence_type', 'delivery_time', 'operating_systems')`,
      );
      expect(old.rows).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
