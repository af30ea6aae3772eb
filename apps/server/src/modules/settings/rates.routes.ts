import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  exchangeRateInputSchema,
  exchangeRateSchema,
  type PricingSettings,
  pricingSettingsSchema,
  rateImportResultSchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exchangeRates } from '../../db/schema';
import { type AuditActor, auditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { offsetOf } from '../../lib/list';
import {
  forgetPricingCache,
  readPricingSettings,
  writePricingSettings,
} from '../catalogue/pricing-settings';
import { CbarFormatError, parseCbarUsdRate } from './cbar-rates';

const RATES_FILE_MAX_BYTES = 512 * 1024;

const toRate = (row: typeof exchangeRates.$inferSelect) => ({
  id: row.id,
  date: row.rateDate,
  rate: row.usdAzn,
  source: row.source as 'manual' | 'cbar',
  created_at: row.createdAt.toISOString(),
});

const normalizedPricing = (settings: PricingSettings) => ({
  vat_percent: fromCents(toCents(settings.vat_percent)),
  credit_surcharge_percent: fromCents(toCents(settings.credit_surcharge_percent)),
});

export const ratesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };

  /** One rate per date: a new one for the same date replaces it. Audited as a price setting. */
  const upsertRate = async (
    actor: AuditActor,
    input: { date: string; rate: string; source: 'manual' | 'cbar' },
  ) => {
    const { date, rate, source } = input;
    const result = await app.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(exchangeRates)
        .where(eq(exchangeRates.rateDate, date))
        .for('update');
      const [row] = await tx
        .insert(exchangeRates)
        .values({ rateDate: date, usdAzn: rate, source })
        .onConflictDoUpdate({
          target: exchangeRates.rateDate,
          set: { usdAzn: rate, source, createdAt: sql`now()` },
        })
        .returning();
      await writeAudit(tx, actor, {
        action: 'exchange_rate.set',
        entityType: 'exchange_rate',
        entityId: row!.id,
        before: existing ? { date, rate: existing.usdAzn, source: existing.source } : null,
        after: { date, rate: row!.usdAzn, source },
      });
      return { row: row!, replaced: Boolean(existing) };
    });
    forgetPricingCache(app.db);
    return result;
  };

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
    async ({ query }) => {
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(exchangeRates)
          .orderBy(desc(exchangeRates.rateDate))
          .limit(query.perPage)
          .offset(offsetOf(query)),
        app.db.select({ value: count() }).from(exchangeRates),
      ]);
      return ok({ items: rows.map(toRate), total: total?.value ?? 0 });
    },
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
    async (request) => {
      const { body } = request;
      const { row } = await upsertRate(auditActor(request), { ...body, source: 'manual' });
      return ok(toRate(row), 'The exchange rate has been saved.');
    },
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
    async (request) => {
      const { params } = request;
      const row = await app.db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(exchangeRates)
          .where(eq(exchangeRates.id, params.id))
          .returning();
        if (!deleted) throw new AppError('NOT_FOUND', 'This exchange rate does not exist.');
        await writeAudit(tx, auditActor(request), {
          action: 'exchange_rate.delete',
          entityType: 'exchange_rate',
          entityId: deleted.id,
          before: { date: deleted.rateDate, rate: deleted.usdAzn, source: deleted.source },
        });
        return deleted;
      });
      forgetPricingCache(app.db);
      return ok(toRate(row), 'The exchange rate has been deleted.');
    },
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
      let parsed: { date: string; rate: string };
      try {
        parsed = parseCbarUsdRate(bytes.toString('utf8'));
      } catch (error) {
        if (error instanceof CbarFormatError) throw new AppError('INVALID_FILE', error.message);
        throw error;
      }
      const { replaced } = await upsertRate(auditActor(request), { ...parsed, source: 'cbar' });
      return ok(
        { ...parsed, replaced },
        `The USD rate ${parsed.rate} of ${parsed.date} has been imported.`,
      );
    },
  );

  app.get(
    '/settings/pricing',
    {
      config: access,
      schema: { tags: ['settings'], response: { 200: envelopeSchema(pricingSettingsSchema) } },
    },
    async () => ok(await readPricingSettings(app.db)),
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
    async (request) => {
      const { body } = request;
      await app.db.transaction(async (tx) => {
        const before = await readPricingSettings(tx);
        await writePricingSettings(tx, body);
        const diff = changedFields(normalizedPricing(before), normalizedPricing(body));
        if (diff)
          await writeAudit(tx, auditActor(request), {
            action: 'pricing.update',
            entityType: 'pricing_settings',
            ...diff,
          });
      });
      forgetPricingCache(app.db);
      return ok(body, 'The pricing settings have been saved.');
    },
  );
};
