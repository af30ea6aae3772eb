import type { PaginationQuery } from '@esd/shared/api';
import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailMessages } from '../../db/schema';
import { offsetOf } from '../../lib/list';

/** A page of the kept messages, newest first, and how many there are. */
export const findMailMessages = async (db: DbOrTx, query: PaginationQuery) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailMessages)
      .orderBy(desc(mailMessages.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(mailMessages),
  ]);
  return { rows, total: total?.value ?? 0 };
};
