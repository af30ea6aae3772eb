import { count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exchangeRates } from '../../db/schema';
import { offsetOf } from '../../lib/list';

/** A page of the bank rates, newest date first, and how many there are. */
export const findRates = async (db: DbOrTx, query: { page: number; perPage: number }) => {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(exchangeRates)
      .orderBy(desc(exchangeRates.rateDate))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(exchangeRates),
  ]);
  return { rows, total: total?.value ?? 0 };
};

/** The rate of a date, locked until commit. */
export const lockRateOf = async (db: DbOrTx, date: string) => {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.rateDate, date))
    .for('update');
  return row;
};

/** Sets the rate of a date (one per date: a new one replaces it). */
export const upsertRate = async (
  db: DbOrTx,
  rate: { date: string; rate: string; source: 'manual' | 'cbar' },
) => {
  const [row] = await db
    .insert(exchangeRates)
    .values({ rateDate: rate.date, usdAzn: rate.rate, source: rate.source })
    .onConflictDoUpdate({
      target: exchangeRates.rateDate,
      set: { usdAzn: rate.rate, source: rate.source, createdAt: sql`now()` },
    })
    .returning();
  return row!;
};

export const deleteRate = async (db: DbOrTx, id: number) => {
  const [row] = await db.delete(exchangeRates).where(eq(exchangeRates.id, id)).returning();
  return row;
};
