import type { PricingSettings } from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import type { Db } from '../../db/client';
import type { exchangeRates } from '../../db/schema';
import { type AuditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  forgetPricingCache,
  readPricingSettings,
  writePricingSettings,
} from '../catalogue/pricing-settings';
import { CbarFormatError, parseCbarUsdRate } from './cbar-rates';
import * as repo from './rates.repository';

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

/**
 * The bank's USD→AZN rates (one per date, typed or imported from the central bank's XML)
 * and the pricing settings (VAT, credit surcharge): price settings, audited, and the cached
 * pricing is forgotten after each change.
 */
export const createRatesService = ({ db }: { db: Db }) => {
  /** One rate per date: a new one for the same date replaces it. */
  const setRate = async (
    actor: AuditActor,
    input: { date: string; rate: string; source: 'manual' | 'cbar' },
  ) => {
    const { date, source } = input;
    const result = await db.transaction(async (tx) => {
      const existing = await repo.lockRateOf(tx, date);
      const row = await repo.upsertRate(tx, input);
      await writeAudit(tx, actor, {
        action: 'exchange_rate.set',
        entityType: 'exchange_rate',
        entityId: row.id,
        before: existing ? { date, rate: existing.usdAzn, source: existing.source } : null,
        after: { date, rate: row.usdAzn, source },
      });
      return { row, replaced: Boolean(existing) };
    });
    forgetPricingCache(db);
    return result;
  };

  return {
    list: async (query: { page: number; perPage: number }) => {
      const { rows, total } = await repo.findRates(db, query);
      return { items: rows.map(toRate), total };
    },

    add: async (actor: AuditActor, input: { date: string; rate: string }) =>
      toRate((await setRate(actor, { ...input, source: 'manual' })).row),

    remove: async (actor: AuditActor, id: number) => {
      const row = await db.transaction(async (tx) => {
        const deleted = await repo.deleteRate(tx, id);
        if (!deleted) throw new AppError('NOT_FOUND', 'This exchange rate does not exist.');
        await writeAudit(tx, actor, {
          action: 'exchange_rate.delete',
          entityType: 'exchange_rate',
          entityId: deleted.id,
          before: { date: deleted.rateDate, rate: deleted.usdAzn, source: deleted.source },
        });
        return deleted;
      });
      forgetPricingCache(db);
      return toRate(row);
    },

    /** The USD rate of the central bank's daily XML file, set for the file's date. */
    importCbar: async (actor: AuditActor, xml: string) => {
      let parsed: { date: string; rate: string };
      try {
        parsed = parseCbarUsdRate(xml);
      } catch (error) {
        if (error instanceof CbarFormatError) throw new AppError('INVALID_FILE', error.message);
        throw error;
      }
      const { replaced } = await setRate(actor, { ...parsed, source: 'cbar' });
      return { ...parsed, replaced };
    },

    pricing: () => readPricingSettings(db),

    setPricing: async (actor: AuditActor, settings: PricingSettings) => {
      await db.transaction(async (tx) => {
        const before = await readPricingSettings(tx);
        await writePricingSettings(tx, settings);
        const diff = changedFields(normalizedPricing(before), normalizedPricing(settings));
        if (diff)
          await writeAudit(tx, actor, {
            action: 'pricing.update',
            entityType: 'pricing_settings',
            ...diff,
          });
      });
      forgetPricingCache(db);
      return settings;
    },
  };
};
