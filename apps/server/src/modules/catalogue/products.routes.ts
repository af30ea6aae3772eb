import path from 'node:path';
import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  categorySchema,
  idParamSchema,
  productDetailSchema,
  productListItemSchema,
  productListQuerySchema,
} from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categories, products } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { pick, requestLanguage } from '../../lib/language';
import { serveStoredFile, storedNamePattern } from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import {
  loadOwnSettings,
  loadPricingContext,
  type PricingContext,
  shopPrices,
} from './pricing.context';
import {
  categoryNameColumn,
  findProductWithCategory,
  findShopProducts,
  type ProductRow,
  productImageUrl,
  type ShopListRow,
} from './products.repository';

const localized = (
  p: ProductRow,
  field: 'title' | 'description' | 'requirements' | 'installation',
  lang: Language,
) => pick({ en: p[`${field}En`], ru: p[`${field}Ru`], az: p[`${field}Az`] }, lang);

/** The card fields of a full product row in one language. */
const toShopRow = (p: ProductRow, lang: Language): ShopListRow => ({
  ...p,
  title: localized(p, 'title', lang),
  description: localized(p, 'description', lang),
});

const toListItem = (
  p: ShopListRow,
  category: string,
  prices: { Amount: string; cash: string | null; credit: string | null },
) => ({
  id: p.id,
  sku: p.sku,
  FullTitle: p.title,
  Description: p.description,
  ...prices,
  provider_id: p.providerId,
  is_returnable: p.isReturnable,
  category_id: p.categoryId,
  category,
  image_url: productImageUrl(p.imagePath),
  licence_type: p.licenceType,
  delivery_time: p.deliveryTime,
});

const isAdmin = (ctx: PricingContext) => ctx.role === 'gd' || ctx.role === 'ld';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const imagesDir = path.join(app.config.dataDir, 'products');

  app.get(
    '/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        querystring: productListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(productListItemSchema)) },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const ctx = await loadPricingContext(app.db, requireSession(request));
      const { rows, total } = await findShopProducts(app.db, {
        query: request.query,
        lang,
        ctx,
        cache: app.catalogueCache,
      });
      const own = await loadOwnSettings(
        app.db,
        ctx,
        rows.map((r) => r.product.id),
      );
      return ok({
        items: rows.map(({ product, category }) =>
          toListItem(product, category, shopPrices(ctx, product, own.get(product.id) ?? null)),
        ),
        total,
      });
    },
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalogue'],
        params: idParamSchema,
        response: { 200: envelopeSchema(productDetailSchema) },
      },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const ctx = await loadPricingContext(app.db, requireSession(request));
      const row = await findProductWithCategory(app.db, request.params.id, lang);
      if (!row || (!row.product.isActive && !isAdmin(ctx))) {
        throw new AppError('NOT_FOUND', 'This product does not exist or is no longer sold.');
      }
      const { product, category } = row;
      const own = await loadOwnSettings(app.db, ctx, [product.id]);
      return ok({
        ...toListItem(
          toShopRow(product, lang),
          category,
          shopPrices(ctx, product, own.get(product.id) ?? null),
        ),
        requirements: localized(product, 'requirements', lang),
        installation: localized(product, 'installation', lang),
        operating_systems: product.operatingSystems,
        users_count: product.usersCount,
        devices_count: product.devicesCount,
        points: product.points,
        dealer_price: isAdmin(ctx) ? product.dealerPrice : null,
        unit_price: isAdmin(ctx) ? product.unitPrice : null,
      });
    },
  );

  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: { tags: ['catalogue'], response: { 200: envelopeSchema(z.array(categorySchema)) } },
    },
    async (request) => {
      const lang = requestLanguage(request);
      const rows = await app.db
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
        .leftJoin(
          products,
          and(eq(products.categoryId, categories.id), eq(products.isActive, true)),
        )
        .groupBy(categories.id)
        .orderBy(asc(categoryNameColumn(lang)));
      return ok(rows);
    },
  );

  // Product images carry random names and are public, like the catalogue they illustrate.
  app.get(
    '/files/products/:name',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['catalogue'],
        params: z.object({ name: z.string().regex(storedNamePattern) }),
      },
    },
    async (request, reply) => serveStoredFile(reply, imagesDir, request.params.name),
  );
};
