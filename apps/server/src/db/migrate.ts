import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import PgBoss from 'pg-boss';
import type { Database } from './client';

/** The schema of pg-boss's job tables. */
export const JOBS_SCHEMA = 'pgboss';

/** The committed SQL migrations; found beside the source and beside the built bundle. */
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder =
  process.env.MIGRATIONS_DIR ??
  [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')].find((dir) =>
    existsSync(path.join(dir, 'meta', '_journal.json')),
  ) ??
  path.resolve(here, '../../drizzle');

const MIGRATION_LOCK_ID = 727_001;

/** Applies pending migrations; several processes starting at once take turns. */
export const runMigrations = async (database: Database): Promise<void> => {
  if (database.kind === 'pglite' && database.pglite) {
    await migratePglite(drizzlePglite({ client: database.pglite }), { migrationsFolder });
    return;
  }
  if (!database.pool) throw new Error('postgres database without a pool');
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
    // pg-boss's own install races when processes start together on a new database
    // (CREATE SCHEMA collides); installing it here, under the same lock, avoids that
    const installed = await client.query(`select to_regclass('${JOBS_SCHEMA}.version') as name`);
    if (!installed.rows[0]?.name) await client.query(PgBoss.getConstructionPlans(JOBS_SCHEMA));
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
};
