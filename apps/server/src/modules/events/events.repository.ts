import type { EventStatus } from '@esd/shared/events/events.rules';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
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

/** Which of these prizes the dealer holds (claims not cancelled, rank awards). */
export const findHeldPrizeIds = async (db: DbOrTx, dealerId: number, prizeIds: number[]) => {
  const rows = await db
    .select({ prizeId: wonPrizes.prizeId })
    .from(wonPrizes)
    .where(
      and(
        eq(wonPrizes.dealerId, dealerId),
        inArray(wonPrizes.prizeId, prizeIds),
        ne(wonPrizes.status, 'cancelled'),
      ),
    );
  return new Set(rows.map((r) => r.prizeId));
};

/**
 * A page of the events in `status`: current and upcoming soonest first, past most recent
 * first; and how many there are.
 */
export const findEventCards = async (
  db: DbOrTx,
  query: { page: number; perPage: number; status: EventStatus },
) => {
  const where = eventStatusCondition(query.status);
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
