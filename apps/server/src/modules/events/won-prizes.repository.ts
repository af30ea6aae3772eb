import type { Language } from '@esd/shared/constants';
import type { WonPrizeStatusName } from '@esd/shared/events/events.rules';
import type { WonPrizesQuery } from '@esd/shared/events/events.schemas';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { events, prizes, users, wonPrizes } from '../../db/schema';
import { titleIn } from '../../lib/language';
import { offsetOf } from '../../lib/list';
import { prizeImageUrl } from './events.images';

const dealers = alias(users, 'dealer');
const claimers = alias(users, 'claimer');

/** Won prizes with their prize, event, dealer and claimer, newest first. */
const findWonPrizes = async (
  db: DbOrTx,
  options: { where: SQL | undefined; lang: Language; limit: number; offset: number },
) => {
  const rows = await db
    .select({
      won: wonPrizes,
      prize: prizes,
      event: { titleEn: events.titleEn, titleRu: events.titleRu, titleAz: events.titleAz },
      dealerName: dealers.name,
      dealerEmail: dealers.email,
      claimerName: claimers.name,
    })
    .from(wonPrizes)
    .innerJoin(prizes, eq(prizes.id, wonPrizes.prizeId))
    .innerJoin(events, eq(events.id, wonPrizes.eventId))
    .innerJoin(dealers, eq(dealers.id, wonPrizes.dealerId))
    .leftJoin(claimers, eq(claimers.id, wonPrizes.claimedBy))
    .where(options.where)
    .orderBy(desc(wonPrizes.createdAt), desc(wonPrizes.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((r) => ({
    id: r.won.id,
    prize_id: r.won.prizeId,
    prize_title: titleIn(r.prize, options.lang),
    prize_image_url: prizeImageUrl(r.prize.imagePath),
    event_id: r.won.eventId,
    event_title: titleIn(r.event, options.lang),
    dealer_id: r.won.dealerId,
    dealer_name: r.dealerName,
    dealer_email: r.dealerEmail,
    claimed_by_name: r.claimerName,
    source: r.won.source,
    points_spent: r.won.pointsSpent,
    rank: r.won.rank,
    status: r.won.status,
    status_changed_at: r.won.statusChangedAt?.toISOString() ?? null,
    note: r.won.note,
    delivery:
      r.won.deliveryContactName !== null &&
      r.won.deliveryPhone !== null &&
      r.won.deliveryAddress !== null
        ? {
            contact_name: r.won.deliveryContactName,
            phone: r.won.deliveryPhone,
            address: r.won.deliveryAddress,
          }
        : null,
    created_at: r.won.createdAt.toISOString(),
  }));
};

/** A page of won prizes (of an event, a dealer, a status), newest first, and how many. */
export const findWonPrizesPage = async (db: DbOrTx, query: WonPrizesQuery, lang: Language) => {
  const where = and(
    query.event_id ? eq(wonPrizes.eventId, query.event_id) : undefined,
    query.dealer_id ? eq(wonPrizes.dealerId, query.dealer_id) : undefined,
    query.status ? eq(wonPrizes.status, query.status) : undefined,
  );
  const [items, [total]] = await Promise.all([
    findWonPrizes(db, { where, lang, limit: query.perPage, offset: offsetOf(query) }),
    db.select({ value: count() }).from(wonPrizes).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
};

export const findWonPrize = async (db: DbOrTx, id: number, lang: Language) => {
  const [item] = await findWonPrizes(db, {
    where: eq(wonPrizes.id, id),
    lang,
    limit: 1,
    offset: 0,
  });
  return item;
};

/** A page of the prizes a dealer has won or claimed, newest first, and how many. */
export const findDealerWonPrizes = async (
  db: DbOrTx,
  dealerId: number,
  query: { page: number; perPage: number },
  lang: Language,
) => {
  const where = eq(wonPrizes.dealerId, dealerId);
  const [items, [total]] = await Promise.all([
    findWonPrizes(db, { where, lang, limit: query.perPage, offset: offsetOf(query) }),
    db.select({ value: count() }).from(wonPrizes).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
};

/** The won prize's row, locked until commit. */
export const lockWonPrize = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(wonPrizes).where(eq(wonPrizes.id, id)).for('update');
  return row;
};

/** Sets the won prize's status and note; `statusChangedBy` (a new status) records when and by whom. */
export const setWonPrizeStatus = async (
  db: DbOrTx,
  id: number,
  change: { status: WonPrizeStatusName; note: string | null; statusChangedBy?: number },
) => {
  await db
    .update(wonPrizes)
    .set({
      status: change.status,
      note: change.note,
      ...(change.statusChangedBy === undefined
        ? {}
        : { statusChangedAt: sql`now()`, statusChangedBy: change.statusChangedBy }),
    })
    .where(eq(wonPrizes.id, id));
};
