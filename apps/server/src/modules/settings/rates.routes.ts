import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  exchangeRateInputSchema,
  exchangeRateSchema,
  pricingSettingsSchema,
  rateImportResultSchema,
  rateStatusSchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { createRatesService } from './rates.service';

const RATES_FILE_MAX_BYTES = 512 * 1024;

export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };

  const rates = createRatesService({ db: app.db, mailer: app.mailer, config: app.config });

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
    async () => ok(await rates.status(new Date())),
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
        response: { 200: envelopeSchema(exchangeRateSchema) },
      },
    },
    async (request) =>
      ok(
        await rates.remove(auditActor(request), request.params.id),
        'The exchange rate has been deleted.',
      ),
  );

  app.post(
    '/settings/exchange-rates/import',
    {
      config: access,
      schema: { tags: ['settings'], response: { 200: envelopeSchema(rateImportResultSchema) } },
    },
    async (request) => {
      const file = await request.file({ limits: { fileSize: RATES_FILE_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('INVALID_FILE', 'Choose the central bank XML file to import.');
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError('INVALID_FILE', 'The rates file must be 512 KB or smaller.');
      });
      const imported = await rates.importCbar(auditActor(request), bytes.toString('utf8'));
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
