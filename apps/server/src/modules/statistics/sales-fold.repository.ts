import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Moves up to `limit` pending product sales changes into the per-country summaries (the
 * database function of migration 0019 takes an advisory lock); answers how many it moved.
 */
export const foldPendingBatch = async (db: DbOrTx, limit: number) => {
  const result = (await db.execute(
    sql`select sales_fold_pending(${limit}) as moved`,
  )) as unknown as { rows: { moved: number }[] };
  return result.rows[0]?.moved ?? 0;
};
