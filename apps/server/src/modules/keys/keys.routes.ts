import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idTextSchema } from '@esd/shared/bounds';
import {
  keyImportReportSchema,
  keyStockQuerySchema,
  keyStockSchema,
  keyThresholdInputSchema,
  keyThresholdSchema,
} from '@esd/shared/orders/orders.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createKeysService, type KeySource } from './keys.service';

/** The multipart limit of app.ts: a key file, or pasted text, up to 10 MB (about 300,000 keys). */
const KEY_FILE_MAX_BYTES = 10 * 1024 * 1024;

const productParamsSchema = z.object({
  productId: idTextSchema,
});

const tooLarge = () => new AppError('INVALID_FILE', 'The keys must be 10 MB or smaller.');
const sendOne = () =>
  new AppError('INVALID_FILE', 'Send a CSV, text or Excel file as file, or pasted keys as text.');

/** The keys of a request: a file in the part `file`, or pasted text in the field `text`. */
const receiveKeys = async (request: FastifyRequest): Promise<KeySource> => {
  let source: KeySource | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: KEY_FILE_MAX_BYTES, fieldSize: KEY_FILE_MAX_BYTES, files: 1, fields: 1 },
    })) {
      if (source) throw sendOne();
      if (part.type === 'file' && part.fieldname === 'file') {
        source = { kind: 'file', filename: part.filename, bytes: await part.toBuffer() };
      } else if (part.type === 'field' && part.fieldname === 'text') {
        if (part.valueTruncated) throw tooLarge();
        source = { kind: 'paste', text: String(part.value) };
      } else throw sendOne();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code.startsWith('FST_')) throw sendOne();
    throw error;
  }
  if (!source) throw new AppError('INVALID_FILE', 'Choose a CSV, text or Excel file of keys.');
  return source;
};

/** The preview and the import take the same request and answer the same report. */
const importSchema = {
  tags: ['keys'],
  params: productParamsSchema,
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data with a CSV, text or xlsx file in `file`, or pasted keys in the field `text` (one key a line, or the file’s columns). A key already in the pool, of any product and in any state, is refused by its line.',
  response: { 200: envelopeSchema(keyImportReportSchema) },
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

  app.put(
    '/keys/stock/:productId',
    {
      config: access,
      schema: {
        tags: ['keys'],
        params: productParamsSchema,
        body: keyThresholdInputSchema,
        response: { 200: envelopeSchema(keyThresholdSchema) },
      },
    },
    async (request) => {
      const { data, message } = await keys.setThreshold(
        request.params.productId,
        request.body,
        auditActor(request),
      );
      return ok(data, message);
    },
  );

  app.post(
    '/keys/import/:productId/preview',
    { config: access, schema: importSchema },
    async (request) => {
      const { report, message } = await keys.previewKeys({
        productId: request.params.productId,
        receive: () => receiveKeys(request),
      });
      return ok(report, message);
    },
  );

  app.post('/keys/import/:productId', { config: access, schema: importSchema }, async (request) => {
    const session = requireSession(request);
    const { report, message } = await keys.importKeys({
      productId: request.params.productId,
      actor: { ...auditActor(request), actorId: session.user.id },
      receive: () => receiveKeys(request),
    });
    return ok(report, message);
  });
};
