import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  keyImportReportSchema,
  keyStockQuerySchema,
  keyStockSchema,
} from '@esd/shared/orders/orders.schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { products } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { readKeyFile } from './keys.import';
import { countAvailableKeys, findKeyStock, insertKeys, STOCKED_PROVIDERS } from './keys.stock';
import { readOrderSettings } from './order-settings';

/** The multipart limit of app.ts: a key file up to 10 MB (about 300,000 keys). */
const KEY_FILE_MAX_BYTES = 10 * 1024 * 1024;

const productParamsSchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** Orders waiting for this product's keys get them now, not at the next delivery sweep. */
const resumeDeliveries = async (server: FastifyInstance, productId: number) => {
  try {
    await server.deliveries.resumeProduct(productId);
  } catch (error) {
    // the keys are stored; the delivery watch queues the waiting orders later
    server.log.error({ err: error, productId }, 'resuming key delivery after an import failed');
  }
};

const receiveKeyFile = async (request: FastifyRequest) => {
  const file = await request.file({ limits: { fileSize: KEY_FILE_MAX_BYTES, files: 1 } });
  if (!file) throw new AppError('INVALID_FILE', 'Choose a CSV, text or Excel file of keys.');
  const bytes = await file.toBuffer().catch(() => {
    throw new AppError('INVALID_FILE', 'The key file must be 10 MB or smaller.');
  });
  return { filename: file.filename, bytes };
};

export const keysRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };

  app.get(
    '/keys/stock',
    {
      config: access,
      schema: {
        tags: ['keys'],
        querystring: keyStockQuerySchema,
        response: { 200: envelopeSchema(pageSchema(keyStockSchema)) },
      },
    },
    async (request) => {
      const { low_stock_threshold } = await readOrderSettings(app.db);
      return ok(
        await findKeyStock(app.db, {
          ...request.query,
          lang: requestLanguage(request),
          threshold: low_stock_threshold,
        }),
      );
    },
  );

  app.post(
    '/keys/import/:productId',
    {
      config: access,
      schema: {
        tags: ['keys'],
        params: productParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(keyImportReportSchema) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const { productId } = request.params;
      const [product] = await app.db
        .select({ id: products.id, sku: products.sku, providerId: products.providerId })
        .from(products)
        .where(eq(products.id, productId));
      if (!product) throw new AppError('NOT_FOUND', 'This product does not exist.');
      if (!STOCKED_PROVIDERS.includes(product.providerId)) {
        throw new AppError(
          'PRODUCT_UNAVAILABLE',
          `${product.sku} is an Adobe product: its licences come from Adobe, not from imported keys.`,
        );
      }
      const { filename, bytes } = await receiveKeyFile(request);
      const file = await readKeyFile(filename, bytes);
      const { added, available } = await app.db.transaction(async (tx) => {
        const inserted = await insertKeys(tx, {
          productId,
          keys: file.keys,
          importedBy: session.user.id,
        });
        return { added: inserted, available: await countAvailableKeys(tx, productId) };
      });
      if (added > 0) await resumeDeliveries(app, productId);
      const report = {
        product_id: productId,
        lines: file.lines,
        added,
        duplicates: file.keys.length + file.repeated - added,
        invalid: file.invalid,
        invalid_count: file.invalidCount,
        available,
      };
      return ok(
        report,
        `${added} keys added to ${product.sku}; ${report.duplicates} duplicates and ${file.invalidCount} invalid lines skipped.`,
      );
    },
  );
};
