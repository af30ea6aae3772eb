import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** runs raw SQL that may hold several statements (migrations, admin scripts) */
  execRaw: (sql: string) => Promise<void>;
  close: () => Promise<void>;
  pglite?: PGlite;
  pool?: pg.Pool;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** an in-memory database starts from this dump (`dumpDataDir`) instead of initdb: tests */
      loadDataDir?: Blob;
    };

/** numeric stays a decimal string; never a float. */
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

/**
 * Waits, at most `limitMs`, until no query has run on the pool for `quietMs`. pg-boss marks a
 * job completed or failed without awaiting it, and a worker still fetching when the queue
 * stops runs its jobs afterwards: ending the pool under them fails those queries (an
 * unhandled rejection, so close-with-grace would exit with 1).
 */
const drain = async (pool: pg.Pool, quietMs = 200, limitMs = 3000) => {
  const until = Date.now() + limitMs;
  let quietSince = Date.now();
  while (Date.now() < until) {
    const busy = pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
    pool.on('error', () => {
      // an idle client lost its connection; the pool replaces it on the next query
    });
    return {
      kind: 'postgres',
      db: drizzlePg({ client: pool, schema }) as unknown as Db,
      execRaw: async (sql) => {
        await pool.query(sql);
      },
      close: async () => {
        await drain(pool);
        await pool.end();
      },
      pool,
    };
  }
  const dataDir = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }) as unknown as Db,
    execRaw: async (sql) => {
      await client.exec(sql);
    },
    close: () => client.close(),
    pglite: client,
  };
};

/** The configured database: PostgreSQL when DATABASE_URL is set, else PGlite in the data folder. */
export const openConfiguredDatabase = (config: { DATABASE_URL?: string; dataDir: string }) =>
  config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: config.dataDir });
