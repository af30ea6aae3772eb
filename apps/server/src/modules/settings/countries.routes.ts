import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  type CountryInput,
  countryInputSchema,
  countrySchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import { count, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countries, localDistrictCountries } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { containsPattern, listOrder, offsetOf } from '../../lib/list';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';

// qualified by hand: inside a subquery an unqualified column would bind to the inner table
const usersCount = sql<number>`(select count(*)::int from users u where u.country_id = "countries"."id")`;

const toCountry = (row: typeof countries.$inferSelect & { usersCount: number }) => ({
  id: row.id,
  code: row.code,
  name: { en: row.nameEn, ru: row.nameRu, az: row.nameAz },
  users_count: row.usersCount,
});

const toValues = (input: CountryInput) => ({
  code: input.code,
  nameEn: input.name.en,
  nameRu: input.name.ru,
  nameAz: input.name.az,
});

const duplicate = (code: string) =>
  new AppError('CONFLICT', `A country with the code ${code} already exists.`);

export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const one = async (id: number) => {
    const [row] = await app.db
      .select({ ...countriesColumns, usersCount })
      .from(countries)
      .where(eq(countries.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'This country does not exist.');
    return toCountry(row);
  };

  app.get(
    '/settings/countries',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: settingsListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(countrySchema)) },
      },
    },
    async ({ query }) => {
      const pattern = query.q ? containsPattern(query.q) : undefined;
      const where = pattern
        ? or(
            ilike(countries.code, pattern),
            ilike(countries.nameEn, pattern),
            ilike(countries.nameRu, pattern),
            ilike(countries.nameAz, pattern),
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ ...countriesColumns, usersCount })
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
        app.db.select({ value: count() }).from(countries).where(where),
      ]);
      return ok({ items: rows.map(toCountry), total: total?.value ?? 0 });
    },
  );

  app.post(
    '/settings/countries',
    {
      config: access,
      schema: {
        tags: ['settings'],
        body: countryInputSchema,
        response: { 200: envelopeSchema(countrySchema) },
      },
    },
    async ({ body }) => {
      try {
        const [row] = await app.db
          .insert(countries)
          .values(toValues(body))
          .returning({ id: countries.id });
        return ok(await one(row!.id), 'The country has been added.');
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(body.code);
        throw error;
      }
    },
  );

  app.put(
    '/settings/countries/:id',
    {
      config: access,
      schema: {
        tags: ['settings'],
        params: idParamSchema,
        body: countryInputSchema,
        response: { 200: envelopeSchema(countrySchema) },
      },
    },
    async ({ params, body }) => {
      try {
        const updated = await app.db
          .update(countries)
          .set(toValues(body))
          .where(eq(countries.id, params.id))
          .returning({ id: countries.id });
        if (updated.length === 0) throw new AppError('NOT_FOUND', 'This country does not exist.');
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(body.code);
        throw error;
      }
      return ok(await one(params.id), 'The country has been saved.');
    },
  );

  app.delete(
    '/settings/countries/:id',
    {
      config: access,
      schema: {
        tags: ['settings'],
        params: idParamSchema,
        response: { 200: envelopeSchema(countrySchema) },
      },
    },
    async ({ params }) => {
      const country = await one(params.id);
      const [districts] = await app.db
        .select({ value: count() })
        .from(localDistrictCountries)
        .where(eq(localDistrictCountries.countryId, params.id));
      if (country.users_count > 0 || (districts?.value ?? 0) > 0) {
        throw new AppError(
          'IN_USE',
          `${country.name.en} cannot be deleted: ${country.users_count} users and ${districts?.value ?? 0} local district admins use it.`,
        );
      }
      try {
        await app.db.delete(countries).where(eq(countries.id, params.id));
      } catch (error) {
        // someone started using it meanwhile
        if (isForeignKeyViolation(error))
          throw new AppError('IN_USE', `${country.name.en} is in use.`);
        throw error;
      }
      return ok(country, 'The country has been deleted.');
    },
  );
};

const countriesColumns = {
  id: countries.id,
  code: countries.code,
  nameEn: countries.nameEn,
  nameRu: countries.nameRu,
  nameAz: countries.nameAz,
  createdAt: countries.createdAt,
};
