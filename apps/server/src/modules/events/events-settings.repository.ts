import type { EventStatus } from '@esd/shared/events/events.rules';
import type { EventInput } from '@esd/shared/events/events.schemas';
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventPoints, eventProducts, events, prizes, products, wonPrizes } from '../../db/schema';
import { containsPattern, offsetOf } from '../../lib/list';

export type EventRow = typeof events.$inferSelect;

/** The events whose dates put them in `status` at `now` (as `eventStatusAt` judges one). */
export const eventStatusCondition = (status: EventStatus, now: Date): SQL => {
  switch (status) {
    case 'current':
      return and(lte(events.startsAt, now), gt(events.endsAt, now))!;
    case 'upcoming':
      return gt(events.startsAt, now);
    case 'past':
      return lte(events.endsAt, now);
  }
};

const toValues = (input: EventInput) => ({
  titleEn: input.title.en,
  titleRu: input.title.ru,
  titleAz: input.title.az,
  descriptionEn: input.description.en,
  descriptionRu: input.description.ru,
  descriptionAz: input.description.az,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  updatedAt: sql`now()`,
});

/** A page of events matching `q` and a status at `now`, latest start first, and how many match. */
export const findEventsPage = async (
  db: DbOrTx,
  query: { page: number; perPage: number; q?: string; status?: EventStatus; now: Date },
) => {
  const like = query.q ? containsPattern(query.q) : undefined;
  const where = and(
    like
      ? or(ilike(events.titleEn, like), ilike(events.titleRu, like), ilike(events.titleAz, like))
      : undefined,
    query.status ? eventStatusCondition(query.status, query.now) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(events)
      .where(where)
      .orderBy(desc(events.startsAt), desc(events.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(events).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

/** The products, prize counts and won counts of these events. */
export const findEventDetails = async (db: DbOrTx, ids: number[]) => {
  const [lines, prizeCounts, wonCounts] = await Promise.all([
    db
      .select({
        eventId: eventProducts.eventId,
        productId: eventProducts.productId,
        points: eventProducts.points,
        sku: products.sku,
        title: products.titleEn,
      })
      .from(eventProducts)
      .innerJoin(products, eq(products.id, eventProducts.productId))
      .where(inArray(eventProducts.eventId, ids))
      .orderBy(products.sku),
    db
      .select({
        eventId: prizes.eventId,
        n: count(),
        ranked: sql<number>`count(${prizes.rank})::int`,
      })
      .from(prizes)
      .where(inArray(prizes.eventId, ids))
      .groupBy(prizes.eventId),
    db
      .select({ eventId: wonPrizes.eventId, n: count() })
      .from(wonPrizes)
      .where(inArray(wonPrizes.eventId, ids))
      .groupBy(wonPrizes.eventId),
  ]);
  return { lines, prizeCounts, wonCounts };
};

export const findEvent = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row;
};

/** The event's row, locked until commit. */
export const lockEvent = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(events).where(eq(events.id, id)).for('update');
  return row;
};

export const setEventImage = (db: DbOrTx, id: number, imagePath: string) =>
  db.update(events).set({ imagePath, updatedAt: sql`now()` }).where(eq(events.id, id));

export const insertEvent = async (db: DbOrTx, input: EventInput, imagePath: string | undefined) => {
  const [row] = await db
    .insert(events)
    .values({ ...toValues(input), imagePath })
    .returning({ id: events.id });
  return row!.id;
};

/** Rewrites an event's fields; undefined when it does not exist. */
export const updateEvent = async (db: DbOrTx, id: number, input: EventInput) => {
  const [row] = await db
    .update(events)
    .set(toValues(input))
    .where(eq(events.id, id))
    .returning({ id: events.id });
  return row?.id;
};

/** Makes the event's products and their points exactly those of `input`. */
export const replaceEventProducts = async (db: DbOrTx, eventId: number, input: EventInput) => {
  await db.delete(eventProducts).where(eq(eventProducts.eventId, eventId));
  await db
    .insert(eventProducts)
    .values(input.products.map((p) => ({ eventId, productId: p.product_id, points: p.points })));
};

/** How many dealers' points and won prizes the event has. */
export const countEventUse = async (db: DbOrTx, eventId: number) => {
  const [used] = await db
    .select({ n: count() })
    .from(eventPoints)
    .where(eq(eventPoints.eventId, eventId));
  const [won] = await db
    .select({ n: count() })
    .from(wonPrizes)
    .where(eq(wonPrizes.eventId, eventId));
  return { points: used?.n ?? 0, won: won?.n ?? 0 };
};

/** Deletes the event and its prizes; answers the prizes' picture names. */
export const deleteEventWithPrizes = async (db: DbOrTx, eventId: number) => {
  const prizeImages = await db
    .delete(prizes)
    .where(and(eq(prizes.eventId, eventId), isNotNull(prizes.imagePath)))
    .returning({ imagePath: prizes.imagePath });
  await db.delete(events).where(eq(events.id, eventId));
  return prizeImages.map((p) => p.imagePath);
};
