import type { Language } from '@esd/shared/constants';
import {
  excerptOf,
  type NewsInput,
  type NewsSettingsQuery,
} from '@esd/shared/content/news.schemas';
import { and, count, desc, eq, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { news, users } from '../../db/schema';
import { containsPattern } from '../../lib/list';

type NewsRow = typeof news.$inferSelect;

const newsImageUrl = (imagePath: string | null) =>
  imagePath ? `/api/files/news/${imagePath}` : null;

const localized = (row: NewsRow, lang: Language) => ({
  title: { en: row.titleEn, ru: row.titleRu, az: row.titleAz }[lang],
  body: { en: row.bodyEn, ru: row.bodyRu, az: row.bodyAz }[lang],
});

export const toNewsSettings = (row: NewsRow & { author: string | null }) => ({
  id: row.id,
  title: { en: row.titleEn, ru: row.titleRu, az: row.titleAz },
  body: { en: row.bodyEn, ru: row.bodyRu, az: row.bodyAz },
  status: row.status,
  publish_at: row.publishAt.toISOString(),
  image_url: newsImageUrl(row.imagePath),
  author: row.author,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const toNewsCard = (row: NewsRow, lang: Language) => {
  const text = localized(row, lang);
  return {
    id: row.id,
    title: text.title,
    excerpt: excerptOf(text.body),
    image_url: newsImageUrl(row.imagePath),
    publish_at: row.publishAt.toISOString(),
  };
};

export const toNewsArticle = (row: NewsRow, lang: Language) => ({
  ...toNewsCard(row, lang),
  body: localized(row, lang).body,
  status: row.status,
});

export const toNewsValues = (input: NewsInput) => ({
  titleEn: input.title.en,
  titleRu: input.title.ru,
  titleAz: input.title.az,
  bodyEn: input.body.en,
  bodyRu: input.body.ru,
  bodyAz: input.body.az,
  status: input.status,
  publishAt: new Date(input.publish_at),
});

export const findNewsForSettings = async (db: DbOrTx, query: NewsSettingsQuery) => {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(news.status, query.status));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(news.titleEn, pattern), ilike(news.titleRu, pattern), ilike(news.titleAz, pattern))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ news, author: users.name })
      .from(news)
      .leftJoin(users, eq(users.id, news.authorId))
      .where(where)
      .orderBy(desc(news.publishAt), desc(news.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(news).where(where),
  ]);
  return {
    items: rows.map((r) => toNewsSettings({ ...r.news, author: r.author })),
    total: total?.value ?? 0,
  };
};

export const findNewsRow = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ news, author: users.name })
    .from(news)
    .leftJoin(users, eq(users.id, news.authorId))
    .where(eq(news.id, id));
  return row ? { ...row.news, author: row.author } : undefined;
};

/** A page of the articles readers see at `now`: published, their date come. */
export const findPublishedNews = async (
  db: DbOrTx,
  { page, perPage, lang, now }: { page: number; perPage: number; lang: Language; now: Date },
) => {
  const where = and(eq(news.status, 'published'), lte(news.publishAt, now));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(desc(news.publishAt), desc(news.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(news).where(where),
  ]);
  return { items: rows.map((row) => toNewsCard(row, lang)), total: total?.value ?? 0 };
};

export const insertNews = async (
  db: DbOrTx,
  values: ReturnType<typeof toNewsValues> & { imagePath?: string; authorId: number | null },
) => {
  const [row] = await db.insert(news).values(values).returning({ id: news.id });
  return row!.id;
};

/** Rewrites an article's fields; false when it does not exist. */
export const updateNews = async (
  db: DbOrTx,
  id: number,
  values: ReturnType<typeof toNewsValues>,
) => {
  const updated = await db
    .update(news)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(news.id, id))
    .returning({ id: news.id });
  return updated.length > 0;
};

/** The article's image name, its row locked for the change; undefined when it does not exist. */
export const lockNewsImage = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ imagePath: news.imagePath })
    .from(news)
    .where(eq(news.id, id))
    .for('update');
  return row;
};

export const setNewsImage = (db: DbOrTx, id: number, imagePath: string | null) =>
  db.update(news).set({ imagePath, updatedAt: sql`now()` }).where(eq(news.id, id));

export const deleteNews = (db: DbOrTx, id: number) => db.delete(news).where(eq(news.id, id));
