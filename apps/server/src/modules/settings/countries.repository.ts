import type { CountryInput, SettingsListQuery } from '@esd/shared/catalogue/settings.schemas';
import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countries, localDistrictCountries } from '../../db/schema';
import { listOrder, matchesAny, nameColumns, namesOf, offsetOf } from '../../lib/list';

// qualified by hand: inside a subquery an unqualified column would bind to the inner table
const usersCount = sql<number>`(select count(*)::int from users u where u.country_id = "countries"."id")`;

const columns = {
  id: countries.id,
  code: countries.code,
  nameEn: countries.nameEn,
  nameRu: countries.nameRu,
  nameAz: countries.nameAz,
  createdAt: countries.createdAt,
  usersCount,
};

const toCountry = (row: typeof countries.$inferSelect & { usersCount: number }) => ({
  id: row.id,
  code: row.code,
  name: namesOf(row),
  users_count: row.usersCount,
});

const toValues = (input: CountryInput) => ({
  code: input.code,
  ...nameColumns(input.name),
});

/** A page of countries matching `q`, in the asked order, and how many there are. */
export const findCountries = async (db: DbOrTx, query: SettingsListQuery) => {
  const where = matchesAny(query.q, [
    countries.code,
    countries.nameEn,
    countries.nameRu,
    countries.nameAz,
  ]);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(countries)
      .where(where)
      .orderBy(
        ...listOrder(
          query,
          { code: countries.code, name: countries.nameEn, users: usersCount },
          'name',
          countries.id,
        ),
      )
      .limit(query.perPage)
      .offset(offsetOf(query)),
    db.select({ value: count() }).from(countries).where(where),
  ]);
  return { items: rows.map(toCountry), total: total?.value ?? 0 };
};

export const findCountry = async (db: DbOrTx, id: number) => {
  const [row] = await db.select(columns).from(countries).where(eq(countries.id, id));
  return row ? toCountry(row) : undefined;
};

export const insertCountry = async (db: DbOrTx, input: CountryInput) => {
  const [row] = await db.insert(countries).values(toValues(input)).returning({ id: countries.id });
  return row!.id;
};

/** Rewrites a country; false when it does not exist. */
export const updateCountry = async (db: DbOrTx, id: number, input: CountryInput) => {
  const updated = await db
    .update(countries)
    .set(toValues(input))
    .where(eq(countries.id, id))
    .returning({ id: countries.id });
  return updated.length > 0;
};

/** How many local district admins have the country. */
export const countDistrictsOf = async (db: DbOrTx, countryId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(localDistrictCountries)
    .where(eq(localDistrictCountries.countryId, countryId));
  return row?.value ?? 0;
};

export const deleteCountry = (db: DbOrTx, id: number) =>
  db.delete(countries).where(eq(countries.id, id));
