import { bakuDate, bakuWallClock } from '@esd/shared/baku-time';
import type { PricingSettings, RateStatus } from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { exchangeRates } from '../../db/schema';
import { type AuditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { languageOf } from '../../lib/language';
import type { Mailer } from '../../plugins/mail';
import { forgetPricingCache, readPricingSettings, writePricingSettings } from '../catalogue';
import { CbarFetchError, cbarDay, fetchCbarFile } from './cbar.client';
import { CbarFormatError, parseCbarUsdRate } from './cbar-rates';
import { rateMissingMail } from './rates.mail';
import * as repo from './rates.repository';

/** The daily fetch writes the audit log as no one: the portal itself. */
const SYSTEM_ACTOR: AuditActor = { actorId: null, ip: null };

/**
 * Whether a moment is at or past RATE_DUE_AT on Baku's clock: a day without its rate is then
 * overdue (admins are mailed, the rates page warns). Never, when RATE_DUE_AT is off.
 */
export const isPastDue = (now: Date, dueAt: string) => {
  const clock = bakuWallClock(now);
  return dueAt !== 'off' && clock !== null && `${clock.hour}:${clock.minute}` >= dueAt;
};

/** The central bank's file parsed, or the import's refusal of it (INVALID_FILE). */
const parseCbarFile = (xml: string) => {
  try {
    return parseCbarUsdRate(xml);
  } catch (error) {
    if (error instanceof CbarFormatError) throw new AppError('INVALID_FILE', error.message);
    throw error;
  }
};

/** What one run of the daily fetch did. */
export type DailyFetch =
  | { outcome: 'present'; date: string }
  | { outcome: 'imported'; date: string; rate: string; replaced: boolean };

/** The file the bank served is of another day than the one asked for; that day's rate is stored. */
class CbarWrongDateError extends Error {}

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
export const createRatesService = ({
  db,
  mailer,
  config,
}: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'CBAR_RATES_URL' | 'RATE_DUE_AT' | 'publicUrl'>;
}) => {
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
      const parsed = parseCbarFile(xml);
      const { replaced } = await setRate(actor, { ...parsed, source: 'cbar' });
      return { ...parsed, replaced };
    },

    /**
     * The daily fetch of a day's file from `CBAR_RATES_URL`, stored as the manual import stores
     * it (the file's own date and USD rate). A day that already has a rate, typed or fetched, is
     * left alone. Throws, for the job to retry, when the file is not out yet (404), the bank
     * does not answer, the file is malformed (nothing stored), or it is of another day (that
     * day's rate is stored, as the import would, and the asked day is tried again).
     */
    fetchDaily: async (date: string): Promise<DailyFetch> => {
      if (config.CBAR_RATES_URL === 'off') throw new CbarFetchError('CBAR_RATES_URL is off');
      if (await repo.findRateOn(db, date)) return { outcome: 'present', date };
      const parsed = parseCbarFile(await fetchCbarFile(config.CBAR_RATES_URL, date));
      const stored = await repo.findRateOn(db, parsed.date);
      // the same file again (a retry after a wrong-date answer): nothing to write or audit
      const same = stored?.source === 'cbar' && stored.rate === parsed.rate;
      if (!same) await setRate(SYSTEM_ACTOR, { ...parsed, source: 'cbar' });
      if (parsed.date !== date) {
        throw new CbarWrongDateError(
          `Asked for the file of ${cbarDay(date)}, the bank served the one of ${cbarDay(parsed.date)} (its rate ${parsed.rate} is stored for that day).`,
        );
      }
      return { outcome: 'imported', ...parsed, replaced: Boolean(stored) };
    },

    /** Today (Baku), the rate prices use now, and whether today's is overdue. */
    status: async (now: Date): Promise<RateStatus> => {
      const today = bakuDate(now);
      const inUse = await repo.findRateInUse(db, today);
      return {
        today,
        in_use: inUse ?? null,
        overdue: inUse?.date !== today && isPastDue(now, config.RATE_DUE_AT),
        fetch_enabled: config.CBAR_RATES_URL !== 'off',
      };
    },

    /**
     * The noon check (RATE_DUE_AT): with no rate for today (Baku), each active global admin is
     * mailed once that day, in the admin's language, whichever process and however many runs
     * do it (a claim row per day and admin). Answers how many were mailed now; a failed send is
     * released and thrown, for the job's retry.
     */
    alertIfMissing: async (now: Date) => {
      if (config.RATE_DUE_AT === 'off') return 0;
      const today = bakuDate(now);
      const inUse = await repo.findRateInUse(db, today);
      if (inUse?.date === today) return 0;
      const link = `${config.publicUrl}/pages/settings/markup?tab=rates`;
      let mailed = 0;
      let failure: unknown;
      for (const admin of await repo.findActiveGlobalAdmins(db)) {
        if (!(await repo.claimRateAlert(db, today, admin.id))) continue;
        const mail = rateMissingMail({
          lang: languageOf(admin.lang),
          name: admin.name,
          date: today,
          inUse,
          fetchEnabled: config.CBAR_RATES_URL !== 'off',
          link,
        });
        try {
          await mailer.send({ to: admin.email, ...mail });
          await repo.confirmRateAlert(db, today, admin.id);
          mailed++;
        } catch (error) {
          await repo.releaseRateAlert(db, today, admin.id);
          failure ??= error;
        }
      }
      if (failure) throw failure;
      return mailed;
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
