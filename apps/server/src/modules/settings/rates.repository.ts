import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exchangeRates, rateAlertMails, rateFeedDays, users } from '../../db/schema';
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

/** Stores the rate of a date that has none; undefined when it has one (left as it is). */
export const insertRateIfAbsent = async (
  db: DbOrTx,
  rate: { date: string; rate: string; source: 'manual' | 'cbar' },
) => {
  const [row] = await db
    .insert(exchangeRates)
    .values({ rateDate: rate.date, usdAzn: rate.rate, source: rate.source })
    .onConflictDoNothing({ target: exchangeRates.rateDate })
    .returning();
  return row;
};

/** Replaces the stored rate of a row (an admin's explicit change). */
export const updateRate = async (
  db: DbOrTx,
  id: number,
  rate: { rate: string; source: 'manual' | 'cbar' },
) => {
  const [row] = await db
    .update(exchangeRates)
    .set({ usdAzn: rate.rate, source: rate.source, createdAt: sql`now()` })
    .where(eq(exchangeRates.id, id))
    .returning();
  return row!;
};

export const deleteRate = async (db: DbOrTx, id: number) => {
  const [row] = await db.delete(exchangeRates).where(eq(exchangeRates.id, id)).returning();
  return row;
};

/** The rate of one day, if there is one. */
export const findRateOn = async (db: DbOrTx, date: string) => {
  const [row] = await db
    .select({ rate: exchangeRates.usdAzn, source: exchangeRates.source })
    .from(exchangeRates)
    .where(eq(exchangeRates.rateDate, date));
  return row;
};

/** The rate prices use on a day: that day's, else the newest earlier one. */
export const findRateInUse = async (db: DbOrTx, date: string) => {
  const [row] = await db
    .select({ date: exchangeRates.rateDate, rate: exchangeRates.usdAzn })
    .from(exchangeRates)
    .where(lte(exchangeRates.rateDate, date))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row;
};

/**
 * Claims the "no rate today" mail of a day for an admin: true when this call claimed it, false
 * when someone already did (sent, or being sent).
 */
export const claimRateAlert = async (db: DbOrTx, date: string, recipientId: number) => {
  const rows = await db
    .insert(rateAlertMails)
    .values({ rateDate: date, recipientId })
    .onConflictDoNothing()
    .returning({ recipientId: rateAlertMails.recipientId });
  return rows.length > 0;
};

export const confirmRateAlert = async (db: DbOrTx, date: string, recipientId: number) => {
  await db
    .update(rateAlertMails)
    .set({ sentAt: sql`now()` })
    .where(and(eq(rateAlertMails.rateDate, date), eq(rateAlertMails.recipientId, recipientId)));
};

/** The send failed: the claim goes, so the job's retry sends it. */
export const releaseRateAlert = async (db: DbOrTx, date: string, recipientId: number) => {
  await db
    .delete(rateAlertMails)
    .where(
      and(
        eq(rateAlertMails.rateDate, date),
        eq(rateAlertMails.recipientId, recipientId),
        isNull(rateAlertMails.sentAt),
      ),
    );
};

/** The active global admins, whom a missing rate is told to. */
export const findActiveGlobalAdmins = (db: DbOrTx) =>
  db
    .select({ id: users.id, email: users.email, name: users.name, lang: users.lang })
    .from(users)
    .where(and(eq(users.typeId, 1), eq(users.isActive, true)));

/** A try of the feed for a day: counted, with its outcome and the next try (null: none). */
export const recordFeedTry = async (
  db: DbOrTx,
  feed: { date: string; at: Date; outcome: string; message: string; nextTryAt: Date | null },
) => {
  const values = {
    lastTryAt: feed.at,
    outcome: feed.outcome,
    message: feed.message,
    nextTryAt: feed.nextTryAt,
  };
  await db
    .insert(rateFeedDays)
    .values({ rateDate: feed.date, tries: 1, ...values })
    .onConflictDoUpdate({
      target: rateFeedDays.rateDate,
      set: { tries: sql`${rateFeedDays.tries} + 1`, ...values },
    });
};

/** The feed's newest day of tries. */
export const findLatestFeedDay = async (db: DbOrTx) => {
  const [row] = await db.select().from(rateFeedDays).orderBy(desc(rateFeedDays.rateDate)).limit(1);
  return row;
};
