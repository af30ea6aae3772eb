import type { EventStatus } from '@esd/shared/events/events.rules';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventProducts, events, prizes, products, users, wonPrizes } from '../../db/schema';
import { offsetOf } from '../../lib/list';
import { eventStatusCondition } from './events-settings.repository';

export const findDealerName = async (db: DbOrTx, dealerId: number) => {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, dealerId));
  return row?.name ?? '';
};

export const findEventById = async (db: DbOrTx, id: number) => {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  return event;
};

/**
 * The dealer's won-prize rows of these prizes, whatever their status (one row per dealer and
 * prize): what its event and prize pages say of its claims and awards.
 */
export const findDealerPrizeHoldings = (db: DbOrTx, dealerId: number, prizeIds: number[]) =>
  db
    .select({
      prizeId: wonPrizes.prizeId,
      source: wonPrizes.source,
      status: wonPrizes.status,
      statusChangedAt: wonPrizes.statusChangedAt,
      note: wonPrizes.note,
    })
    .from(wonPrizes)
    .where(and(eq(wonPrizes.dealerId, dealerId), inArray(wonPrizes.prizeId, prizeIds)));

/**
 * A page of the events in `status` at `now`: current and upcoming soonest first, past most
 * recent first; and how many there are.
 */
export const findEventCards = async (
  db: DbOrTx,
  query: { page: number; perPage: number; status: EventStatus; now: Date },
) => {
  const where = eventStatusCondition(query.status, query.now);
  const order =
    query.status === 'past'
      ? [desc(events.endsAt), desc(events.id)]
      : [asc(events.startsAt), asc(events.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(events).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

/** How many prizes each of these events has. */
export const countPrizesByEvent = (db: DbOrTx, eventIds: number[]) =>
  db
    .select({ eventId: prizes.eventId, n: count() })
    .from(prizes)
    .where(inArray(prizes.eventId, eventIds))
    .groupBy(prizes.eventId);

/** The event's products with their points, most points first. */
export const findEventProducts = (db: DbOrTx, eventId: number) =>
  db
    .select({ line: eventProducts, product: products })
    .from(eventProducts)
    .innerJoin(products, eq(products.id, eventProducts.productId))
    .where(eq(eventProducts.eventId, eventId))
    .orderBy(desc(eventProducts.points), asc(products.sku));

/** The event's prizes: ranked first, then by the points they need. */
export const findEventPrizes = (db: DbOrTx, eventId: number) =>
  db
    .select()
    .from(prizes)
    .where(eq(prizes.eventId, eventId))
    .orderBy(asc(prizes.rank), asc(prizes.pointsNeeded), asc(prizes.id));

export const findEventPrize = async (db: DbOrTx, eventId: number, prizeId: number) => {
  const [prize] = await db
    .select()
    .from(prizes)
    .where(and(eq(prizes.id, prizeId), eq(prizes.eventId, eventId)));
  return prize;
};

// ------------------------------------------------------------------ claims and rank awards

/** The prize with its event, the prize row locked until commit (its last unit goes once). */
export const lockPrizeWithEvent = async (db: DbOrTx, eventId: number, prizeId: number) => {
  const [row] = await db
    .select({ prize: prizes, event: events })
    .from(prizes)
    .innerJoin(events, eq(events.id, prizes.eventId))
    .where(and(eq(prizes.id, prizeId), eq(prizes.eventId, eventId)))
    .for('update', { of: prizes });
  return row;
};

/** The dealer's won-prize row of this prize, whatever its status (one row per dealer). */
export const findDealerWonPrizeRow = async (db: DbOrTx, prizeId: number, dealerId: number) => {
  const [row] = await db
    .select()
    .from(wonPrizes)
    .where(and(eq(wonPrizes.prizeId, prizeId), eq(wonPrizes.dealerId, dealerId)));
  return row;
};

/** What a claim sets: who claimed, the points it spends and where the prize goes. */
type ClaimValues = {
  claimedBy: number;
  pointsSpent: number;
  delivery: { contactName: string; phone: string; address: string };
};

/** A fresh pending claim of `claimedBy`, spending `pointsSpent`, to be sent to `delivery`. */
const claimValues = (claim: ClaimValues) => ({
  claimedBy: claim.claimedBy,
  source: 'claim' as const,
  pointsSpent: claim.pointsSpent,
  rank: null,
  status: 'pending' as const,
  statusChangedAt: null,
  statusChangedBy: null,
  note: null,
  deliveryContactName: claim.delivery.contactName,
  deliveryPhone: claim.delivery.phone,
  deliveryAddress: claim.delivery.address,
  createdAt: sql`now()`,
});

/** Claims a prize again in the place of the dealer's cancelled claim of it. */
export const renewClaim = async (db: DbOrTx, wonPrizeId: number, claim: ClaimValues) => {
  const [row] = await db
    .update(wonPrizes)
    .set(claimValues(claim))
    .where(eq(wonPrizes.id, wonPrizeId))
    .returning();
  return row;
};

export const insertClaim = async (
  db: DbOrTx,
  claim: ClaimValues & { prizeId: number; eventId: number; dealerId: number },
) => {
  const [row] = await db
    .insert(wonPrizes)
    .values({
      ...claimValues(claim),
      prizeId: claim.prizeId,
      eventId: claim.eventId,
      dealerId: claim.dealerId,
    })
    .returning();
  return row;
};

/** One unit of the prize leaves its stock. */
export const takeFromStock = async (db: DbOrTx, prizeId: number) => {
  await db
    .update(prizes)
    .set({ stock: sql`${prizes.stock} - 1`, updatedAt: sql`now()` })
    .where(eq(prizes.id, prizeId));
};

/** A unit of the prize comes back to its stock (a cancelled won prize). */
export const putBackInStock = async (db: DbOrTx, prizeId: number) => {
  await db
    .update(prizes)
    .set({ stock: sql`${prizes.stock} + 1`, updatedAt: sql`now()` })
    .where(eq(prizes.id, prizeId));
};

/** The event's rank prizes by rank, locked until commit. */
export const lockRankPrizes = (db: DbOrTx, eventId: number) =>
  db
    .select()
    .from(prizes)
    .where(and(eq(prizes.eventId, eventId), isNotNull(prizes.rank)))
    .orderBy(asc(prizes.rank))
    .for('update');

/** Hands a rank prize to a dealer; false when the dealer already holds it. */
export const insertRankAward = async (
  db: DbOrTx,
  award: { prizeId: number; eventId: number; dealerId: number; rank: number | null },
) => {
  const inserted = await db
    .insert(wonPrizes)
    .values({ ...award, source: 'rank', pointsSpent: 0 })
    .onConflictDoNothing()
    .returning({ id: wonPrizes.id });
  return inserted.length > 0;
};

/** Marks the event's rank prizes awarded; returns when. */
export const markEventAwarded = async (db: DbOrTx, eventId: number) => {
  const [row] = await db
    .update(events)
    .set({ awardedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(events.id, eventId))
    .returning({ awardedAt: events.awardedAt });
  return row?.awardedAt;
};
