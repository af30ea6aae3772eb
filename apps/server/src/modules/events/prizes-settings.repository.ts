import type { PrizeInput } from '@esd/shared/events/events.schemas';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { events, prizes, wonPrizes } from '../../db/schema';
import { offsetOf } from '../../lib/list';
import { prizeImageUrl } from './events.images';

const wonCount = sql<number>`(select count(*)::int from ${wonPrizes} where ${wonPrizes.prizeId} = ${prizes.id})`;

export type PrizeRow = { prize: typeof prizes.$inferSelect; eventTitle: string; won: number };

export const toPrizeSettings = ({ prize: p, eventTitle, won }: PrizeRow) => ({
  id: p.id,
  event_id: p.eventId,
  event_title: eventTitle,
  title: { en: p.titleEn, ru: p.titleRu, az: p.titleAz },
  description: { en: p.descriptionEn, ru: p.descriptionRu, az: p.descriptionAz },
  points_needed: p.pointsNeeded,
  rank: p.rank,
  stock: p.stock,
  image_url: prizeImageUrl(p.imagePath),
  won_count: won,
});

const toValues = (input: PrizeInput) => ({
  eventId: input.event_id,
  titleEn: input.title.en,
  titleRu: input.title.ru,
  titleAz: input.title.az,
  descriptionEn: input.description.en,
  descriptionRu: input.description.ru,
  descriptionAz: input.description.az,
  pointsNeeded: input.points_needed,
  rank: input.rank,
  stock: input.stock,
  updatedAt: sql`now()`,
});

const select = (db: DbOrTx) =>
  db
    .select({ prize: prizes, eventTitle: events.titleEn, won: wonCount })
    .from(prizes)
    .innerJoin(events, eq(events.id, prizes.eventId));

/** A page of prizes (of one event, or all), by event and rank, and how many match. */
export const findPrizesPage = async (
  db: DbOrTx,
  query: { page: number; perPage: number; event_id?: number },
) => {
  const where = query.event_id ? eq(prizes.eventId, query.event_id) : undefined;
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(desc(events.startsAt), asc(prizes.rank), asc(prizes.pointsNeeded), asc(prizes.id))
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(prizes).where(where),
  ]);
  return { items: rows.map(toPrizeSettings), total: total?.value ?? 0 };
};

export const findPrize = async (db: DbOrTx, id: number) => {
  const [row] = await select(db).where(eq(prizes.id, id));
  return row;
};

/** The prize's picture name, its row locked until commit. */
export const lockPrizeImage = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ imagePath: prizes.imagePath })
    .from(prizes)
    .where(eq(prizes.id, id))
    .for('update');
  return row;
};

export const setPrizeImage = (db: DbOrTx, id: number, imagePath: string) =>
  db.update(prizes).set({ imagePath, updatedAt: sql`now()` }).where(eq(prizes.id, id));

export const insertPrize = async (db: DbOrTx, input: PrizeInput, imagePath: string | undefined) => {
  const [row] = await db
    .insert(prizes)
    .values({ ...toValues(input), imagePath })
    .returning({ id: prizes.id });
  return row?.id;
};

/** Rewrites a prize; undefined when it does not exist. */
export const updatePrize = async (db: DbOrTx, id: number, input: PrizeInput) => {
  const [row] = await db
    .update(prizes)
    .set(toValues(input))
    .where(eq(prizes.id, id))
    .returning({ id: prizes.id });
  return row?.id;
};

export const deletePrize = (db: DbOrTx, id: number) => db.delete(prizes).where(eq(prizes.id, id));
