import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  keyImportReportSchema,
  keyStockQuerySchema,
  keyStockSchema,
} from '@esd/shared/orders/orders.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createKeysService } from './keys.service';

/** The multipart limit of app.ts: a key file up to 10 MB (about 300,000 keys). */
const KEY_FILE_MAX_BYTES = 10 * 1024 * 1024;

const productParamsSchema = z.object({
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

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
  const keys = createKeysService({ db: app.db, events: app.domainEvents, log: app.log });

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
    async (request) => ok(await keys.stock({ ...request.query, lang: requestLanguage(request) })),
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
      const { report, message } = await keys.importKeys({
        productId: request.params.productId,
        importedBy: session.user.id,
        receiveFile: () => receiveKeyFile(request),
      });
      return ok(report, message);
    },
  );
};
