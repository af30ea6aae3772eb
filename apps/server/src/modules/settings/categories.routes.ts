import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  type CategoryInput,
  categoryInputSchema,
  categorySettingsSchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import { count, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categories } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { containsPattern, listOrder, offsetOf } from '../../lib/list';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';

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
  name: { en: row.nameEn, ru: row.nameRu, az: row.nameAz },
  products_count: row.productsCount,
});

const toValues = (input: CategoryInput) => ({
  slug: input.slug,
  nameEn: input.name.en,
  nameRu: input.name.ru,
  nameAz: input.name.az,
});

const notFound = () => new AppError('NOT_FOUND', 'This category does not exist.');
const duplicate = (slug: string) =>
  new AppError('CONFLICT', `A category with the slug "${slug}" already exists.`);

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(categorySettingsSchema) };
  const one = async (id: number) => {
    const [row] = await app.db.select(columns).from(categories).where(eq(categories.id, id));
    if (!row) throw notFound();
    return toCategory(row);
  };
  const save = async (work: () => Promise<number | undefined>, slug: string) => {
    try {
      const id = await work();
      if (!id) throw notFound();
      return one(id);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(slug);
      throw error;
    }
  };

  app.get(
    '/settings/categories',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: settingsListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(categorySettingsSchema)) },
      },
    },
    async ({ query }) => {
      const pattern = query.q ? containsPattern(query.q) : undefined;
      const where = pattern
        ? or(
            ilike(categories.slug, pattern),
            ilike(categories.nameEn, pattern),
            ilike(categories.nameRu, pattern),
            ilike(categories.nameAz, pattern),
          )
        : undefined;
      const order = listOrder(
        query,
        { slug: categories.slug, name: categories.nameEn, products: productsCount },
        'name',
        categories.id,
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select(columns)
          .from(categories)
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset(offsetOf(query)),
        app.db.select({ value: count() }).from(categories).where(where),
      ]);
      return ok({ items: rows.map(toCategory), total: total?.value ?? 0 });
    },
  );

  app.post(
    '/settings/categories',
    { config: access, schema: { tags: ['settings'], body: categoryInputSchema, response } },
    async ({ body }) => {
      const category = await save(async () => {
        const [row] = await app.db
          .insert(categories)
          .values(toValues(body))
          .returning({ id: categories.id });
        return row?.id;
      }, body.slug);
      return ok(category, 'The category has been added.');
    },
  );

  app.put(
    '/settings/categories/:id',
    {
      config: access,
      schema: { tags: ['settings'], params: idParamSchema, body: categoryInputSchema, response },
    },
    async ({ params, body }) => {
      const category = await save(async () => {
        const [row] = await app.db
          .update(categories)
          .set(toValues(body))
          .where(eq(categories.id, params.id))
          .returning({ id: categories.id });
        return row?.id;
      }, body.slug);
      return ok(category, 'The category has been saved.');
    },
  );

  app.delete(
    '/settings/categories/:id',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async ({ params }) => {
      const category = await one(params.id);
      const inUse = () =>
        new AppError(
          'IN_USE',
          `${category.name.en} cannot be deleted: ${category.products_count} products belong to it.`,
        );
      if (category.products_count > 0) throw inUse();
      try {
        await app.db.delete(categories).where(eq(categories.id, params.id));
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
      return ok(category, 'The category has been deleted.');
    },
  );
};
