import { envelopeSchema, pageSchema, paginationQuerySchema } from '@esd/shared/api';
import {
  dealerProductPriceInputSchema,
  dealerProductPriceSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import { ownSettingBelowCost } from '@esd/shared/shop/pricing.rules';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { dealerProductPrices, products } from '../../db/schema';
import { auditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { loadPricingContext, type PricingContext, usdPrice } from '../catalogue/pricing.context';
import { productSearchCondition, titleColumn } from '../catalogue/products.repository';

const productParams = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

type Row = {
  product: typeof products.$inferSelect;
  title: string;
  own: typeof dealerProductPrices.$inferSelect | null;
};

/** The dealer's view of one product: its cost, its own setting, and what its users pay. */
const toDealerPrice = (ctx: PricingContext, { product, title, own }: Row) => {
  const dealerCost = usdPrice(ctx, product, null);
  const setting = own ? { mode: own.mode, value: own.value } : null;
  return {
    product_id: product.id,
    sku: product.sku,
    FullTitle: title,
    dealer_cost: dealerCost,
    unit_price: product.unitPrice,
    mode: setting?.mode ?? null,
    value: setting?.value ?? null,
    // what a user of this dealer outside any group pays
    user_price: usdPrice({ ...ctx, role: 'u', userGroupPercent: null }, product, setting),
  };
};

/** The dealer's own setting of a product as the audit log records it, locked until commit. */
const ownSetting = async (tx: Tx, dealerId: number, productId: number) => {
  const [row] = await tx
    .select()
    .from(dealerProductPrices)
    .where(
      and(eq(dealerProductPrices.dealerId, dealerId), eq(dealerProductPrices.productId, productId)),
    )
    .for('update');
  return row ? { product_id: productId, mode: row.mode, value: row.value } : null;
};

export const dealerPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'dealer' as const };
  const response = { 200: envelopeSchema(dealerProductPriceSchema) };

  const rowsFor = (dealerId: number, title: ReturnType<typeof titleColumn>) =>
    app.db
      .select({ product: products, title, own: dealerProductPrices })
      .from(products)
      .leftJoin(
        dealerProductPrices,
        and(
          eq(dealerProductPrices.productId, products.id),
          eq(dealerProductPrices.dealerId, dealerId),
        ),
      );

  const one = async (request: Parameters<typeof requireSession>[0], productId: number) => {
    const session = requireSession(request);
    const ctx = await loadPricingContext(app.db, session);
    const [row] = await rowsFor(session.user.id, titleColumn(requestLanguage(request))).where(
      and(eq(products.id, productId), eq(products.isActive, true)),
    );
    if (!row) throw new AppError('NOT_FOUND', 'This product does not exist or is no longer sold.');
    return toDealerPrice(ctx, row);
  };

  app.get(
    '/dealer/product-prices',
    {
      config: access,
      schema: {
        tags: ['dealer'],
        querystring: paginationQuerySchema.extend({ q: z.string().trim().max(100).optional() }),
        response: { 200: envelopeSchema(pageSchema(dealerProductPriceSchema)) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { page, perPage, q } = request.query;
      const title = titleColumn(requestLanguage(request));
      const where = and(eq(products.isActive, true), productSearchCondition(q));
      const [ctx, rows, [total]] = await Promise.all([
        loadPricingContext(app.db, session),
        rowsFor(session.user.id, title)
          .where(where)
          .orderBy(asc(title), asc(products.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        app.db.select({ value: count() }).from(products).where(where),
      ]);
      return ok({ items: rows.map((row) => toDealerPrice(ctx, row)), total: total?.value ?? 0 });
    },
  );

  app.put(
    '/dealer/product-prices/:productId',
    {
      config: access,
      schema: {
        tags: ['dealer'],
        params: productParams,
        body: dealerProductPriceInputSchema,
        response,
      },
    },
    async (request) => {
      const dealerId = requireSession(request).user.id;
      const { productId } = request.params;
      const current = await one(request, productId);
      const { mode, value } = request.body;
      const lowest = ownSettingBelowCost({ mode, value }, current.dealer_cost);
      if (lowest) {
        throw new AppError(
          'PRICE_BELOW_COST',
          `Your users cannot pay less than you pay for this product: the lowest price you can set is ${lowest} USD.`,
          { min_price: lowest },
        );
      }
      await app.db.transaction(async (tx) => {
        const before = await ownSetting(tx, dealerId, productId);
        await tx
          .insert(dealerProductPrices)
          .values({ dealerId, productId, mode, value })
          .onConflictDoUpdate({
            target: [dealerProductPrices.dealerId, dealerProductPrices.productId],
            set: { mode, value, updatedAt: new Date() },
          });
        const after = { product_id: productId, mode, value: fromCents(toCents(value)) };
        const diff = before ? changedFields(before, after) : { before: null, after };
        if (diff)
          await writeAudit(tx, auditActor(request), {
            action: 'dealer_price.set',
            entityType: 'dealer_price',
            entityId: productId,
            ...diff,
          });
      });
      return ok(await one(request, productId), 'Your price has been saved.');
    },
  );

  app.delete(
    '/dealer/product-prices/:productId',
    { config: access, schema: { tags: ['dealer'], params: productParams, response } },
    async (request) => {
      const dealerId = requireSession(request).user.id;
      const { productId } = request.params;
      await app.db.transaction(async (tx) => {
        const before = await ownSetting(tx, dealerId, productId);
        if (!before) return;
        await tx
          .delete(dealerProductPrices)
          .where(
            and(
              eq(dealerProductPrices.dealerId, dealerId),
              eq(dealerProductPrices.productId, productId),
            ),
          );
        await writeAudit(tx, auditActor(request), {
          action: 'dealer_price.reset',
          entityType: 'dealer_price',
          entityId: productId,
          before,
        });
      });
      return ok(
        await one(request, request.params.productId),
        'Your users pay the default price again.',
      );
    },
  );
};
