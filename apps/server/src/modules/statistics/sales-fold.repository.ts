import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../lib/sql';

/**
 * Moves up to `limit` pending product sales changes into the per-country summaries (the
 * database function of migration 0019 takes an advisory lock); answers how many it moved.
 */
export const foldPendingBatch = async (db: DbOrTx, limit: number) => {
  const [row] = await rowsOf<{ moved: number }>(
    db,
    sql`select sales_fold_pending(${limit}) as moved`,
  );
  return row?.moved ?? 0;
};
