import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, planEachCall } from '../db/client';

/**
 * Runs raw SQL and returns its rows, typed as the caller's `select` names them (node-postgres
 * and PGlite both answer `{ rows }`).
 */
export const rowsOf = async <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** `rowsOf` for a statement PostgreSQL must plan on every call (`planEachCall`). */
export const plannedRowsOf = <T>(db: DbOrTx, query: SQL): Promise<T[]> =>
  rowsOf<T>(db, planEachCall(query));

/**
 * A moment as a `timestamptz` parameter of raw SQL: the time a service read from its clock,
 * where the database's own `now()` would be a second clock.
 */
export const timestampOf = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;
