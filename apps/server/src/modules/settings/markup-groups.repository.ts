import type { MarkupGroupInput, SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import { count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { markupGroupCategories, markupGroups } from '../../db/schema';
import { containsPattern, listOrder, offsetOf } from '../../lib/list';

// qualified by hand: inside a subquery an unqualified column would bind to the inner table
const dealersCount = sql<number>`(select count(*)::int from users u where u.markup_group_id = "markup_groups"."id")`;
const columns = {
  id: markupGroups.id,
  name: markupGroups.name,
  percent: markupGroups.percent,
  dealersCount,
};

type GroupRow = { id: number; name: string; percent: string; dealersCount: number };

/** The groups with their category overrides. */
const withOverrides = async (db: DbOrTx, rows: GroupRow[]) => {
  const ids = rows.map((r) => r.id);
  const overrides = ids.length
    ? await db
        .select()
        .from(markupGroupCategories)
        .where(inArray(markupGroupCategories.markupGroupId, ids))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    percent: r.percent,
    dealers_count: r.dealersCount,
    categories: overrides
      .filter((o) => o.markupGroupId === r.id)
      .map((o) => ({ category_id: o.categoryId, percent: o.percent })),
  }));
};

/** A page of groups matching `q`, in the asked order, and how many there are. */
export const findMarkupGroups = async (db: DbOrTx, query: SettingsListQuery) => {
  const where = query.q ? ilike(markupGroups.name, containsPattern(query.q)) : undefined;
  const order = listOrder(
    query,
    { name: markupGroups.name, percent: markupGroups.percent, dealers: dealersCount },
    'name',
    markupGroups.id,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(markupGroups)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(markupGroups).where(where),
  ]);
  return { items: await withOverrides(db, rows), total: total?.value ?? 0 };
};

export const findMarkupGroup = async (db: DbOrTx, id: number) => {
  const rows = await db.select(columns).from(markupGroups).where(eq(markupGroups.id, id));
  const [group] = await withOverrides(db, rows);
  return group;
};

export const insertMarkupGroup = async (db: DbOrTx, input: MarkupGroupInput) => {
  const [row] = await db
    .insert(markupGroups)
    .values({ name: input.name, percent: input.percent })
    .returning({ id: markupGroups.id });
  return row?.id;
};

/** Rewrites a group's name and percent; undefined when it does not exist. */
export const updateMarkupGroup = async (db: DbOrTx, id: number, input: MarkupGroupInput) => {
  const [row] = await db
    .update(markupGroups)
    .set({ name: input.name, percent: input.percent })
    .where(eq(markupGroups.id, id))
    .returning({ id: markupGroups.id });
  return row?.id;
};

/** Replaces a group's category overrides with the given ones (one per category). */
export const replaceOverrides = async (db: DbOrTx, groupId: number, input: MarkupGroupInput) => {
  await db.delete(markupGroupCategories).where(eq(markupGroupCategories.markupGroupId, groupId));
  const unique = [...new Map(input.categories.map((c) => [c.category_id, c])).values()];
  if (unique.length > 0) {
    await db.insert(markupGroupCategories).values(
      unique.map((c) => ({
        markupGroupId: groupId,
        categoryId: c.category_id,
        percent: c.percent,
      })),
    );
  }
};

export const deleteMarkupGroup = (db: DbOrTx, id: number) =>
  db.delete(markupGroups).where(eq(markupGroups.id, id));
