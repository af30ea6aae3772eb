import type { CategoryInput, SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema';
import { listOrder, matchesAny, nameColumns, namesOf, offsetOf } from '../../lib/list';

// qualified by hand: inside a subquery an unqualified column would bind to the inner table
const productsCount = sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id")`;
const columns = {
  id: categories.id,
  slug: categories.slug,
  nameEn: categories.nameEn,
  nameRu: categories.nameRu,
  nameAz: categories.nameAz,
  productsCount,
};
type Row = {
  id: number;
  slug: string;
  nameEn: string;
  nameRu: string;
  nameAz: string;
  productsCount: number;
};

const toCategory = (row: Row) => ({
  id: row.id,
  slug: row.slug,
  name: namesOf(row),
  products_count: row.productsCount,
});

const toValues = (input: CategoryInput) => ({
  slug: input.slug,
  ...nameColumns(input.name),
});

/** A page of categories matching `q`, in the asked order, and how many there are. */
export const findCategories = async (db: DbOrTx, query: SettingsListQuery) => {
  const where = matchesAny(query.q, [
    categories.slug,
    categories.nameEn,
    categories.nameRu,
    categories.nameAz,
  ]);
  const order = listOrder(
    query,
    { slug: categories.slug, name: categories.nameEn, products: productsCount },
    'name',
    categories.id,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(categories)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(categories).where(where),
  ]);
  return { items: rows.map(toCategory), total: total?.value ?? 0 };
};

export const findCategory = async (db: DbOrTx, id: number) => {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id));
  return row ? toCategory(row) : undefined;
};

export const insertCategory = async (db: DbOrTx, input: CategoryInput) => {
  const [row] = await db
    .insert(categories)
    .values(toValues(input))
    .returning({ id: categories.id });
  return row?.id;
};

/** Rewrites a category; undefined when it does not exist. */
export const updateCategory = async (db: DbOrTx, id: number, input: CategoryInput) => {
  const [row] = await db
    .update(categories)
    .set(toValues(input))
    .where(eq(categories.id, id))
    .returning({ id: categories.id });
  return row?.id;
};

export const deleteCategory = (db: DbOrTx, id: number) =>
  db.delete(categories).where(eq(categories.id, id));
