import type { ProductListQuery } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema';
import { type PricingContext, priceOrderExpression } from './pricing.context';

export type ProductRow = typeof products.$inferSelect;

export const titleColumn = (lang: Language) =>
  ({ en: products.titleEn, ru: products.titleRu, az: products.titleAz })[lang];

export const categoryNameColumn = (lang: Language) =>
  ({ en: categories.nameEn, ru: categories.nameRu, az: categories.nameAz })[lang];

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const productSearchCondition = (q: string | undefined): SQL | undefined =>
  q ? sql`${products.searchText} like ${containsPattern(q)}` : undefined;

export const findShopProducts = async (
  db: DbOrTx,
  options: { query: ProductListQuery; lang: Language; ctx: PricingContext },
) => {
  const { query, lang, ctx } = options;
  const where = and(
    eq(products.isActive, true),
    productSearchCondition(query.q),
    query.category_id ? eq(products.categoryId, query.category_id) : undefined,
  );
  const title = titleColumn(lang);
  const orderBy = {
    title: [asc(title), asc(products.id)],
    price_asc: [asc(priceOrderExpression(ctx)), asc(products.id)],
    price_desc: [desc(priceOrderExpression(ctx)), desc(products.id)],
    newest: [desc(products.createdAt), desc(products.id)],
  }[query.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select({ product: products, category: categoryNameColumn(lang) })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

export const findProductWithCategory = async (db: DbOrTx, id: number, lang: Language) => {
  const [row] = await db
    .select({ product: products, category: categoryNameColumn(lang) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row;
};
