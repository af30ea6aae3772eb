import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  exchangeRateDeleteQuerySchema,
  exchangeRateInputSchema,
  exchangeRateSchema,
  pricingSettingsSchema,
  rateChangeReasonSchema,
  rateImportPreviewSchema,
  rateImportResultSchema,
  rateStatusSchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { FILE_MAX_BYTES } from './cbar.client';
import { createRatesService } from './rates.service';

/**
 * The rates file of a multipart upload (limited while it streams) and its `reason` field, when
 * one comes before the file.
 */
const readRatesUpload = async (request: FastifyRequest) => {
  const file = await request.file({ limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 4 } });
  if (!file) throw new AppError('INVALID_FILE', 'Choose the central bank XML file to import.');
  const bytes = await file.toBuffer().catch(() => {
    throw new AppError('INVALID_FILE', 'The rates file must be 512 KB or smaller.');
  });
  const field = file.fields.reason;
  const raw = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  let reason: string | undefined;
  if (typeof raw === 'string' && raw.trim() !== '') {
    const parsed = rateChangeReasonSchema.safeParse(raw);
    if (!parsed.success) {
      const message = 'The reason must be 3 to 500 characters.';
      throw new AppError('VALIDATION_FAILED', message, {
        field: 'reason',
        issues: [{ path: 'body/reason', message }],
      });
    }
    reason = parsed.data;
  }
  return { xml: bytes.toString('utf8'), reason };
};

export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };

  const rates = createRatesService({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    clock: app.clock,
  });

  app.get(
    '/settings/exchange-rates',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: settingsListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(exchangeRateSchema)) },
      },
    },
    async ({ query }) => ok(await rates.list(query)),
  );

  app.get(
    '/settings/exchange-rates/status',
    {
      config: access,
      schema: { tags: ['settings'], response: { 200: envelopeSchema(rateStatusSchema) } },
    },
    async () => ok(await rates.status(app.clock.now())),
  );

  app.post(
    '/settings/exchange-rates',
    {
      config: access,
      schema: {
        tags: ['settings'],
        body: exchangeRateInputSchema,
        response: { 200: envelopeSchema(exchangeRateSchema) },
      },
    },
    async (request) =>
      ok(await rates.add(auditActor(request), request.body), 'The exchange rate has been saved.'),
  );

  app.delete(
    '/settings/exchange-rates/:id',
    {
      config: access,
      schema: {
        tags: ['settings'],
        params: idParamSchema,
        querystring: exchangeRateDeleteQuerySchema,
        description:
          "Deletes a day's stored rate: the day then uses the newest earlier rate. `reason` (3 to 500 characters) is required and kept in the audit log with the rate deleted.",
        response: { 200: envelopeSchema(exchangeRateSchema) },
      },
    },
    async (request) =>
      ok(
        await rates.remove(auditActor(request), request.params.id, request.query.reason),
        'The exchange rate has been deleted.',
      ),
  );

  app.post(
    '/settings/exchange-rates/import/preview',
    {
      config: access,
      schema: { tags: ['settings'], response: { 200: envelopeSchema(rateImportPreviewSchema) } },
    },
    async (request) => {
      const { xml } = await readRatesUpload(request);
      return ok(await rates.previewImport(xml));
    },
  );

  app.post(
    '/settings/exchange-rates/import',
    {
      config: access,
      schema: { tags: ['settings'], response: { 200: envelopeSchema(rateImportResultSchema) } },
    },
    async (request) => {
      const { xml, reason } = await readRatesUpload(request);
      const imported = await rates.importCbar(auditActor(request), xml, reason);
      return ok(imported, `The USD rate ${imported.rate} of ${imported.date} has been imported.`);
    },
  );

  app.get(
    '/settings/pricing',
    {
      config: access,
      schema: { tags: ['settings'], response: { 200: envelopeSchema(pricingSettingsSchema) } },
    },
    async () => ok(await rates.pricing()),
  );

  app.put(
    '/settings/pricing',
    {
      config: access,
      schema: {
        tags: ['settings'],
        body: pricingSettingsSchema,
        response: { 200: envelopeSchema(pricingSettingsSchema) },
      },
    },
    async (request) =>
      ok(
        await rates.setPricing(auditActor(request), request.body),
        'The pricing settings have been saved.',
      ),
  );
};
