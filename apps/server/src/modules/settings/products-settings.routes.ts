import path from 'node:path';
import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idTextSchema } from '@esd/shared/bounds';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  type ProductInput,
  productInputSchema,
  productSettingsSchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categories, products } from '../../db/schema';
import { auditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { listOrder, offsetOf } from '../../lib/list';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { writeWithFile } from '../../lib/stored-file-write';
import { readImage, removeStoredFile } from '../../lib/uploads';
import { productSearchCondition } from '../catalogue/products.repository';
import { productImageUrl } from '../catalogue/products.routes';

type Row = { product: typeof products.$inferSelect; category: string };

const toSettings = ({ product: p, category }: Row) => ({
  id: p.id,
  sku: p.sku,
  title: { en: p.titleEn, ru: p.titleRu, az: p.titleAz },
  description: { en: p.descriptionEn, ru: p.descriptionRu, az: p.descriptionAz },
  requirements: { en: p.requirementsEn, ru: p.requirementsRu, az: p.requirementsAz },
  installation: { en: p.installationEn, ru: p.installationRu, az: p.installationAz },
  category_id: p.categoryId,
  category,
  provider_id: p.providerId as 1 | 2 | 3,
  dealer_price: p.dealerPrice,
  unit_price: p.unitPrice,
  royalty: p.royalty,
  bonus: p.bonus,
  points: p.points,
  delivery_time: p.deliveryTime,
  operating_systems: p.operatingSystems,
  licence_type: p.licenceType,
  users_count: p.usersCount,
  devices_count: p.devicesCount,
  is_returnable: p.isReturnable,
  is_active: p.isActive,
  image_url: productImageUrl(p.imagePath),
  updated_at: p.updatedAt.toISOString(),
});

const toValues = (i: ProductInput) => ({
  sku: i.sku,
  titleEn: i.title.en,
  titleRu: i.title.ru,
  titleAz: i.title.az,
  descriptionEn: i.description.en,
  descriptionRu: i.description.ru,
  descriptionAz: i.description.az,
  requirementsEn: i.requirements.en,
  requirementsRu: i.requirements.ru,
  requirementsAz: i.requirements.az,
  installationEn: i.installation.en,
  installationRu: i.installation.ru,
  installationAz: i.installation.az,
  categoryId: i.category_id,
  providerId: i.provider_id,
  dealerPrice: i.dealer_price,
  unitPrice: i.unit_price,
  royalty: i.royalty,
  bonus: i.bonus,
  points: i.points,
  deliveryTime: i.delivery_time,
  operatingSystems: i.operating_systems,
  licenceType: i.licence_type,
  usersCount: i.users_count,
  devicesCount: i.devices_count,
  isReturnable: i.is_returnable,
  isActive: i.is_active,
  updatedAt: sql`now()`,
});

/** The price fields of a product, exact to the cent, as the audit log records them. */
const pricesOf = (p: Pick<ProductInput, 'dealer_price' | 'unit_price' | 'royalty' | 'bonus'>) => ({
  dealer_price: fromCents(toCents(p.dealer_price)),
  unit_price: fromCents(toCents(p.unit_price)),
  royalty: fromCents(toCents(p.royalty)),
  bonus: fromCents(toCents(p.bonus)),
});

const listQuerySchema = settingsListQuerySchema.extend({
  category_id: idTextSchema.optional(),
});

export const productsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(productSettingsSchema) };
  const imagesDir = path.join(app.config.dataDir, 'products');

  const one = async (id: number) => {
    const [row] = await app.db
      .select({ product: products, category: categories.nameEn })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'This product does not exist.');
    return row;
  };

  /** Runs a write and turns constraint failures into clear answers. */
  const write = async (input: ProductInput, work: () => Promise<number | undefined>) => {
    try {
      const id = await work();
      if (!id) throw new AppError('NOT_FOUND', 'This product does not exist.');
      return toSettings(await one(id));
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `A product with the SKU ${input.sku} already exists.`);
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION_FAILED', 'The chosen category does not exist.');
      throw error;
    }
  };

  app.get(
    '/settings/products',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: listQuerySchema,
        response: { 200: envelopeSchema(pageSchema(productSettingsSchema)) },
      },
    },
    async ({ query }) => {
      const where = and(
        productSearchCondition(query.q),
        query.category_id ? eq(products.categoryId, query.category_id) : undefined,
      );
      const order = listOrder(
        query,
        {
          sku: products.sku,
          title: products.titleEn,
          dealer_price: products.dealerPrice,
          unit_price: products.unitPrice,
          updated: products.updatedAt,
        },
        'title',
        products.id,
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ product: products, category: categories.nameEn })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset(offsetOf(query)),
        app.db.select({ value: count() }).from(products).where(where),
      ]);
      return ok({ items: rows.map(toSettings), total: total?.value ?? 0 });
    },
  );

  app.get(
    '/settings/products/:id',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async ({ params }) => ok(toSettings(await one(params.id))),
  );

  app.post(
    '/settings/products',
    { config: access, schema: { tags: ['settings'], body: productInputSchema, response } },
    async (request) => {
      const { body } = request;
      return ok(
        await write(body, () =>
          app.db.transaction(async (tx) => {
            const [row] = await tx
              .insert(products)
              .values(toValues(body))
              .returning({ id: products.id });
            await writeAudit(tx, auditActor(request), {
              action: 'product.create',
              entityType: 'product',
              entityId: row?.id,
              after: { sku: body.sku, ...pricesOf(body) },
            });
            return row?.id;
          }),
        ),
        'The product has been added.',
      );
    },
  );

  app.put(
    '/settings/products/:id',
    {
      config: access,
      schema: { tags: ['settings'], params: idParamSchema, body: productInputSchema, response },
    },
    async (request) => {
      const { params, body } = request;
      return ok(
        await write(body, () =>
          app.db.transaction(async (tx) => {
            const [before] = await tx
              .select()
              .from(products)
              .where(eq(products.id, params.id))
              .for('update');
            if (!before) return undefined;
            await tx.update(products).set(toValues(body)).where(eq(products.id, params.id));
            // a change of price is a price setting: it goes to the audit log
            const diff = changedFields(
              pricesOf({
                dealer_price: before.dealerPrice,
                unit_price: before.unitPrice,
                royalty: before.royalty,
                bonus: before.bonus,
              }),
              pricesOf(body),
            );
            if (diff)
              await writeAudit(tx, auditActor(request), {
                action: 'product.price_update',
                entityType: 'product',
                entityId: params.id,
                ...diff,
              });
            return params.id;
          }),
        ),
        'The product has been saved.',
      );
    },
  );

  app.delete(
    '/settings/products/:id',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async ({ params }) => {
      const product = toSettings(await one(params.id));
      try {
        const [row] = await app.db
          .delete(products)
          .where(eq(products.id, params.id))
          .returning({ imagePath: products.imagePath });
        await removeStoredFile(imagesDir, row?.imagePath ?? null);
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new AppError(
            'IN_USE',
            `${product.sku} has orders and cannot be deleted; make it inactive instead.`,
          );
        }
        throw error;
      }
      return ok(product, 'The product has been deleted.');
    },
  );

  app.post(
    '/settings/products/:id/image',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async (request) => {
      const { product } = await one(request.params.id);
      const replaced = await writeWithFile({
        db: app.db,
        dir: imagesDir,
        file: await readImage(request),
        write: async (tx, imagePath) => {
          const [before] = await tx
            .select({ imagePath: products.imagePath })
            .from(products)
            .where(eq(products.id, product.id))
            .for('update');
          if (!before) throw new AppError('NOT_FOUND', 'This product does not exist.');
          await tx
            .update(products)
            .set({ imagePath, updatedAt: sql`now()` })
            .where(eq(products.id, product.id));
          return before.imagePath;
        },
      });
      // the replaced picture goes only once the new one is committed
      await removeStoredFile(imagesDir, replaced);
      return ok(toSettings(await one(product.id)), 'The image has been saved.');
    },
  );
};
