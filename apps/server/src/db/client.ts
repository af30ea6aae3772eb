import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/**
 * The database without drizzle's relational queries (`db.query.*`), which nothing uses: given
 * the schema, drizzle builds a query builder for each of its tables on every transaction it
 * opens (issue 35: two transactions an order).
 */
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;
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
 * Starts a statement that PostgreSQL must plan on every call: the statistics, whose best plan
 * depends on the range asked (a generic plan made them up to 4 times slower on long ranges in
 * bench/statistics.mjs). The preparing connection leaves such statements unprepared.
 */
const PLAN_EACH_CALL = '/* plan each call */';
export const planEachCall = (query: SQL): SQL => sql`${sql.raw(PLAN_EACH_CALL)} ${query}`;
/**
 * Pattern searches are planned on every call too: their best plan depends on the pattern. With
 * generic plans the orders list filtered by SKU (400,000 orders) took 0.8-1.7 s instead of 0.3 s.
 */
const PATTERN_MATCH = /\b(i?like|similar\s+to)\b/i;

/** Distinct statements one connection prepares at most; any beyond run unprepared. */
export const MAX_PREPARED_PER_CONNECTION = 500;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * The prepared name of each statement text (null: run it unprepared), worked out once per
 * process: hashing the text and testing it for a pattern search on every query was 2-3 % of a
 * server's CPU in bench/checkout (issue 35). Bounded like a connection's prepared statements.
 */
const statementNames = new Map<string, string | null>();
const statementName = (text: string): string | null => {
  const known = statementNames.get(text);
  if (known !== undefined) return known;
  const name =
    text.startsWith(PLAN_EACH_CALL) || PATTERN_MATCH.test(text)
      ? null
      : `s${createHash('sha1').update(text).digest('base64url')}`;
  if (statementNames.size < MAX_PREPARED_PER_CONNECTION * 10) statementNames.set(text, name);
  return name;
};

/**
 * A connection that prepares every parameterised statement once, under a name derived from its
 * text, and then only binds and executes it: PostgreSQL no longer parses and plans the same
 * statement on every call (planning was 37 % of the statements' time in bench/checkout, read
 * from pg_stat_statements), as postgres.js does by default. Statements without parameters
 * (transaction control, migrations' multi-statement scripts), those marked `planEachCall` and
 * pattern searches run as before. Each connection holds at most MAX_PREPARED_PER_CONNECTION of
 * them: a statement whose text varies without bound (a bulk insert of n rows) cannot grow a
 * backend's memory for ever.
 */
class PreparingClient extends pg.Client {
  private readonly names = new Set<string>();

  private nameFor(text: string): string | undefined {
    const name = statementName(text);
    if (name === null) return undefined;
    if (this.names.has(name)) return name;
    if (this.names.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
    this.names.add(name);
    return name;
  }

  // pg's query has many overloads; only the two shapes drizzle and pg-boss use are prepared
  override query(...args: unknown[]): never {
    const [first, second] = args;
    if (typeof first === 'string' && Array.isArray(second) && second.length > 0) {
      const name = this.nameFor(first);
      if (name) args[0] = { text: first, name };
    } else if (first && typeof first === 'object' && !('submit' in first)) {
      const config = first as QueryConfig;
      const values = config.values ?? second;
      if (
        typeof config.text === 'string' &&
        config.name === undefined &&
        Array.isArray(values) &&
        values.length > 0
      ) {
        const name = this.nameFor(config.text);
        if (name) args[0] = { ...config, name };
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      Client: PreparingClient,
    });
    pool.on('error', () => {
      // an idle client lost its connection; the pool replaces it on the next query
    });
    return {
      kind: 'postgres',
      db: drizzlePg({ client: pool }) as unknown as Db,
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
    db: drizzlePglite({ client }) as unknown as Db,
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

/**
 * A small pool of its own, of at most `max` connections opened only while used, to the same
 * PostgreSQL database: work that must not queue behind every request waiting for the main
 * pool. PGlite has one connection, which everything shares.
 */
export const openLane = (
  database: Database,
  max: number,
): { db: Db; close: () => Promise<void> } => {
  if (!database.pool) return { db: database.db, close: async () => {} };
  const pool = new pg.Pool({ ...database.pool.options, max });
  pool.on('error', () => {
    // an idle client lost its connection; the pool replaces it on the next query
  });
  return { db: drizzlePg({ client: pool }) as unknown as Db, close: () => pool.end() };
};
