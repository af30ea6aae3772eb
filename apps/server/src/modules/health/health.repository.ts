import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** One round trip to the database; throws when it does not answer. */
export const pingDatabase = async (db: DbOrTx) => {
  await db.execute(sql`select 1`);
};
