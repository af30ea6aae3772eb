import type { ProductListQuery } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { categories, dealerProductPrices, markupGroupCategories, products } from '../../db/schema';
import { containsPattern } from '../../lib/list';
import { type CatalogueCache, throughCache } from './catalogue-cache';
import type { PricingContext } from './pricing.context';

export type ProductRow = typeof products.$inferSelect;

/**
 * The price a viewer pays (pricing.context.ts) as an SQL expression, only to sort by it; the
 * TypeScript rule stays the source of truth for every amount shown (a test checks the two
 * agree). It reads the joins `mgc` (the dealer group's override for the product's category)
 * and `dpp` (the dealer's own setting) that `pricingJoins` adds; names are qualified by hand.
 */
const priceOrderExpression = (ctx: PricingContext): SQL => {
  if (ctx.role === 'gd' || ctx.role === 'ld') return sql`"products"."unit_price"`;
  // one percent for every category keeps the order of the dealer price: its index serves
  if (ctx.role === 'd' && ctx.categoryPercents.size === 0) return sql`"products"."dealer_price"`;
  const percent = sql`coalesce("mgc"."percent", ${ctx.groupPercent ?? '0'}::numeric)`;
  const cost = sql`round("products"."dealer_price" * (100 + ${percent}) / 100, 2)`;
  if (ctx.role === 'd') return cost;
  const fallback =
    ctx.userGroupPercent !== null
      ? sql`round(${cost} * (100 + ${ctx.userGroupPercent}::numeric) / 100, 2)`
      : sql`greatest("products"."unit_price", ${cost})`;
  // never below cost (invariant 1), as atLeastCost does
  return sql`greatest(case "dpp"."mode" when 'price' then "dpp"."value"
    when 'markup' then round(${cost} * (100 + "dpp"."value") / 100, 2)
    else ${fallback} end, ${cost})`;
};

// the aliases are fixed; built once, not on every price-sorted page
const mgc = alias(markupGroupCategories, 'mgc');
const dpp = alias(dealerProductPrices, 'dpp');

/** The left joins `priceOrderExpression` reads. */
const pricingJoins = (ctx: PricingContext) => {
  return {
    mgc,
    mgcOn: and(
      eq(mgc.markupGroupId, ctx.markupGroupId ?? 0),
      eq(mgc.categoryId, products.categoryId),
    ),
    dpp,
    dppOn: and(
      eq(dpp.dealerId, ctx.role === 'u' ? (ctx.dealerId ?? 0) : 0),
      eq(dpp.productId, products.id),
    ),
  };
};

/** Where a product's stored picture is served. */
export const productImageUrl = (imagePath: string | null) =>
  imagePath ? `/api/files/products/${imagePath}` : null;

export const titleColumn = (lang: Language) =>
  ({ en: products.titleEn, ru: products.titleRu, az: products.titleAz })[lang];

const descriptionColumn = (lang: Language) =>
  ({ en: products.descriptionEn, ru: products.descriptionRu, az: products.descriptionAz })[lang];

/** An attribute in `lang`, its English value while `lang` has none (as `inLanguage` reads it). */
const attributeColumn = (
  columns: { en: AnyPgColumn; ru: AnyPgColumn; az: AnyPgColumn },
  lang: Language,
): SQL<string> =>
  lang === 'en'
    ? sql<string>`${columns.en}`
    : sql<string>`coalesce(nullif(${columns[lang]}, ''), ${columns.en})`;

/** Only what a shop card shows: the list reads no requirements, installation or other languages. */
const shopListColumns = (lang: Language) => ({
  id: products.id,
  sku: products.sku,
  title: titleColumn(lang),
  description: descriptionColumn(lang),
  categoryId: products.categoryId,
  providerId: products.providerId,
  dealerPrice: products.dealerPrice,
  unitPrice: products.unitPrice,
  isReturnable: products.isReturnable,
  imagePath: products.imagePath,
  licenceType: attributeColumn(
    { en: products.licenceTypeEn, ru: products.licenceTypeRu, az: products.licenceTypeAz },
    lang,
  ),
  deliveryTime: attributeColumn(
    { en: products.deliveryTimeEn, ru: products.deliveryTimeRu, az: products.deliveryTimeAz },
    lang,
  ),
});

export type ShopListRow = {
  id: number;
  sku: string;
  title: string;
  description: string;
  categoryId: number;
  providerId: number;
  dealerPrice: string;
  unitPrice: string;
  isReturnable: boolean;
  imagePath: string | null;
  licenceType: string;
  deliveryTime: string;
};

const categoryNameColumn = (lang: Language) =>
  ({ en: categories.nameEn, ru: categories.nameRu, az: categories.nameAz })[lang];

export const productSearchCondition = (q: string | undefined): SQL | undefined =>
  q ? sql`${products.searchText} like ${containsPattern(q)}` : undefined;

/** Searches count at most this many matches; the answer says "10,000" for more. */
const SEARCH_COUNT_CAP = 10_000;

const countShopProducts = async (
  db: DbOrTx,
  query: ProductListQuery,
  where: SQL | undefined,
  cache: CatalogueCache | undefined,
) => {
  if (query.q) {
    const [row] = await db
      .select({ value: count() })
      .from(
        db.select({ one: sql`1` }).from(products).where(where).limit(SEARCH_COUNT_CAP).as('capped'),
      );
    return row?.value ?? 0;
  }
  // without a search the trigger-kept counts answer at once, whatever the catalogue's size
  const byCategory = query.category_id !== undefined;
  const name = `shop_count_${byCategory ? 'category' : 'all'}`;
  return throughCache(cache, `total:${query.category_id ?? 'all'}`, async () => {
    const statement = preparedFor(db, name, (d) =>
      d
        .select({ value: sql<number>`coalesce(sum(${categories.activeProducts}), 0)::int` })
        .from(categories)
        .where(byCategory ? eq(categories.id, sql.placeholder('categoryId')) : undefined)
        .prepare(name),
    );
    const [row] = await statement.execute({ categoryId: query.category_id });
    return row?.value ?? 0;
  });
};

/**
 * The most common page — by title, no search — as prepared statements (one per language and
 * with or without a category), so PostgreSQL plans them once per connection.
 */
const prepareTitlePage = (db: DbOrTx, lang: Language, byCategory: boolean, name: string) =>
  db
    .select({ product: shopListColumns(lang), category: categoryNameColumn(lang) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.isActive, true),
        byCategory ? eq(products.categoryId, sql.placeholder('categoryId')) : undefined,
      ),
    )
    .orderBy(asc(titleColumn(lang)), asc(products.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);

type ShopPageRow = { product: ShopListRow; category: string };

const titlePage = (db: DbOrTx, lang: Language, query: ProductListQuery): Promise<ShopPageRow[]> => {
  const byCategory = query.category_id !== undefined;
  const name = `shop_title_page_${lang}_${byCategory ? 'category' : 'all'}`;
  return preparedFor(db, name, (d) => prepareTitlePage(d, lang, byCategory, name)).execute({
    categoryId: query.category_id,
    limit: query.perPage,
    offset: (query.page - 1) * query.perPage,
  });
};

/**
 * A page of the shop's list and the total. Pages without a search or a price order are the
 * same for every reader: they come through `cache` when given (prices are computed per reader
 * afterwards). The common page (by title) is also a prepared statement.
 */
export const findShopProducts = async (
  db: DbOrTx,
  options: { query: ProductListQuery; lang: Language; ctx: PricingContext; cache?: CatalogueCache },
) => {
  const { query, lang, ctx, cache } = options;
  const pageKey = `page:${lang}:${query.category_id ?? 'all'}:${query.sort}:${query.page}:${query.perPage}`;
  if (query.sort === 'title' && !query.q) {
    const [rows, total] = await Promise.all([
      throughCache(cache, pageKey, () => titlePage(db, lang, query)),
      countShopProducts(db, query, undefined, cache),
    ]);
    return { rows, total };
  }
  const where = and(
    eq(products.isActive, true),
    productSearchCondition(query.q),
    query.category_id ? eq(products.categoryId, query.category_id) : undefined,
  );
  const title = titleColumn(lang);
  const isPriceSort = query.sort === 'price_asc' || query.sort === 'price_desc';
  const orderBy = {
    title: [asc(title), asc(products.id)],
    price_asc: [asc(priceOrderExpression(ctx)), asc(products.id)],
    price_desc: [desc(priceOrderExpression(ctx)), desc(products.id)],
    newest: [desc(products.createdAt), desc(products.id)],
  }[query.sort];
  const base = db
    .select({ product: shopListColumns(lang), category: categoryNameColumn(lang) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .$dynamic();
  const joins = pricingJoins(ctx);
  const page = isPriceSort
    ? base.leftJoin(joins.mgc, joins.mgcOn).leftJoin(joins.dpp, joins.dppOn)
    : base;
  const read = (): Promise<ShopPageRow[]> =>
    page
      .where(where)
      .orderBy(...orderBy)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage);
  const [rows, total] = await Promise.all([
    // a search or a price order (the reader's own prices) is read afresh
    query.q || isPriceSort ? read() : throughCache(cache, pageKey, read),
    countShopProducts(db, query, where, cache),
  ]);
  return { rows, total };
};

/** The whole product row, whatever its state (callers check `isActive` and the provider). */
export const findProduct = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row;
};

export const findProductWithCategory = async (db: DbOrTx, id: number, lang: Language) => {
  const [row] = await db
    .select({ product: products, category: categoryNameColumn(lang) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row;
};

/** Every category with how many active products it has, named and sorted in `lang`. */
export const findCategoriesWithCounts = (db: DbOrTx, lang: Language) =>
  db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categoryNameColumn(lang),
      name_en: categories.nameEn,
      name_ru: categories.nameRu,
      name_az: categories.nameAz,
      products_count: count(products.id),
    })
    .from(categories)
    .leftJoin(products, and(eq(products.categoryId, categories.id), eq(products.isActive, true)))
    .groupBy(categories.id)
    .orderBy(asc(categoryNameColumn(lang)));
