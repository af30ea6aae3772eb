import { bakuDate, bakuWallClock } from '@esd/shared/baku-time';
import {
  type ExchangeRateInput,
  type PricingSettings,
  RATE_REASON_REQUIRED,
  type RateFeed,
  type RateFeedOutcome,
  type RateImportPreview,
  type RateStatus,
} from '@esd/shared/catalogue/settings.schemas';
import { fromCents, parseDecimal, RATE_SCALE, toCents } from '@esd/shared/shop/money';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import type { exchangeRates, rateFeedDays } from '../../db/schema';
import { type AuditActor, changedFields, writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { languageOf } from '../../lib/language';
import { portalLink } from '../../lib/portal-link';
import type { Mailer } from '../../plugins/mail';
import { forgetPricingCache, readPricingSettings, writePricingSettings } from '../catalogue';
import { CbarFetchError, CbarNoFileError, cbarDay, fetchCbarFile } from './cbar.client';
import { CbarFormatError, type CbarUsdRate, parseCbarUsdRate } from './cbar-rates';
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

/**
 * The central bank's file parsed, or its refusal naming what is wrong: a Date that is no day of
 * the calendar (or outside the portal's years) is a 400 naming the field, anything else
 * INVALID_FILE.
 */
const parseCbarFile = (xml: string) => {
  try {
    return parseCbarUsdRate(xml);
  } catch (error) {
    if (!(error instanceof CbarFormatError)) throw error;
    if (error.field === 'Date')
      throw new AppError('VALIDATION_FAILED', error.message, {
        field: 'ValCurs.Date',
        issues: [{ path: 'file.ValCurs.Date', message: error.message }],
      });
    throw new AppError('INVALID_FILE', error.message, { field: error.field });
  }
};

/** What one try of the daily fetch found, and in how many seconds it tries again (null: never). */
export type FeedTry = {
  date: string;
  outcome: RateFeedOutcome;
  message: string;
  retryInSeconds: number | null;
};

/** The same rate, whatever zeros it is written with (`1.7` and `1.7000`). */
const sameRate = (a: string, b: string) =>
  parseDecimal(a, RATE_SCALE) === parseDecimal(b, RATE_SCALE);

const toRate = (row: typeof exchangeRates.$inferSelect) => ({
  id: row.id,
  date: row.rateDate,
  rate: row.usdAzn,
  source: row.source as 'manual' | 'cbar',
  created_at: row.createdAt.toISOString(),
});

const toFeed = (row: typeof rateFeedDays.$inferSelect): RateFeed => ({
  date: row.rateDate,
  tries: row.tries,
  last_try_at: row.lastTryAt.toISOString(),
  outcome: row.outcome as RateFeedOutcome,
  message: row.message,
  next_try_at: row.nextTryAt?.toISOString() ?? null,
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
  clock,
}: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'CBAR_RATES_URL' | 'CBAR_RETRY_DELAY_SECONDS' | 'RATE_DUE_AT' | 'publicUrl'>;
  clock: Clock;
}) => {
  /**
   * A day's rate, typed or imported by an admin: a day without one gets it; a day with the same
   * rate keeps its record as it is; a day with another rate is changed only with a reason,
   * audited before → after.
   */
  const setRate = async (
    actor: AuditActor,
    input: { date: string; rate: string; source: 'manual' | 'cbar'; reason?: string | undefined },
  ) => {
    const { date, source, reason } = input;
    const result = await db.transaction(async (tx) => {
      const existing = await repo.lockRateOf(tx, date);
      if (!existing) {
        const row = await repo.insertRateIfAbsent(tx, input);
        if (!row)
          throw new AppError('CONFLICT', `The rate of ${date} was set meanwhile: look again.`);
        await writeAudit(tx, actor, {
          action: 'exchange_rate.set',
          entityType: 'exchange_rate',
          entityId: row.id,
          before: null,
          after: { date, rate: row.usdAzn, source, ...(reason ? { reason } : {}) },
        });
        return { row, previous: null, replaced: false };
      }
      if (sameRate(existing.usdAzn, input.rate))
        return { row: existing, previous: existing.usdAzn, replaced: false };
      if (!reason)
        throw new AppError('VALIDATION_FAILED', RATE_REASON_REQUIRED, {
          field: 'reason',
          current: existing.usdAzn,
          issues: [{ path: 'body/reason', message: RATE_REASON_REQUIRED }],
        });
      const row = await repo.updateRate(tx, existing.id, input);
      await writeAudit(tx, actor, {
        action: 'exchange_rate.set',
        entityType: 'exchange_rate',
        entityId: row.id,
        before: { date, rate: existing.usdAzn, source: existing.source },
        after: { date, rate: row.usdAzn, source, reason },
      });
      return { row, previous: existing.usdAzn, replaced: true };
    });
    if (result.replaced || result.previous === null) forgetPricingCache(db);
    return result;
  };

  /** One try of the feed recorded, with its next one unless the Baku day ends first. */
  const recordTry = async (
    date: string,
    at: Date,
    found: { outcome: RateFeedOutcome; message: string; retry: boolean },
  ): Promise<FeedTry> => {
    const delay = config.CBAR_RETRY_DELAY_SECONDS;
    const next = new Date(at.getTime() + delay * 1000);
    const retryInSeconds = found.retry && bakuDate(next) === date ? delay : null;
    await repo.recordFeedTry(db, {
      date,
      at,
      outcome: found.outcome,
      message: found.message,
      nextTryAt: retryInSeconds === null ? null : next,
    });
    return { date, outcome: found.outcome, message: found.message, retryInSeconds };
  };

  /** The file of `date` from the bank, or why there is none to store. */
  const fetchFile = async (
    date: string,
  ): Promise<{ xml: string } | { outcome: RateFeedOutcome; message: string }> => {
    try {
      return { xml: await fetchCbarFile(config.CBAR_RATES_URL, date) };
    } catch (error) {
      if (!(error instanceof CbarFetchError)) throw error;
      const outcome = error instanceof CbarNoFileError ? 'no_file' : 'unreachable';
      return { outcome, message: error.message };
    }
  };

  return {
    list: async (query: { page: number; perPage: number }) => {
      const { rows, total } = await repo.findRates(db, query);
      return { items: rows.map(toRate), total };
    },

    add: async (actor: AuditActor, input: ExchangeRateInput) =>
      toRate((await setRate(actor, { ...input, source: 'manual' })).row),

    remove: async (actor: AuditActor, id: number, reason: string) => {
      const row = await db.transaction(async (tx) => {
        const deleted = await repo.deleteRate(tx, id);
        if (!deleted) throw new AppError('NOT_FOUND', 'This exchange rate does not exist.');
        await writeAudit(tx, actor, {
          action: 'exchange_rate.delete',
          entityType: 'exchange_rate',
          entityId: deleted.id,
          before: { date: deleted.rateDate, rate: deleted.usdAzn, source: deleted.source },
          after: { reason },
        });
        return deleted;
      });
      forgetPricingCache(db);
      return toRate(row);
    },

    /** What importing the file would do to its day, before anything is stored. */
    previewImport: async (xml: string): Promise<RateImportPreview> => {
      const parsed = parseCbarFile(xml);
      const current = await repo.findRateOn(db, parsed.date);
      return {
        ...parsed,
        current: current
          ? { rate: current.rate, source: current.source as 'manual' | 'cbar' }
          : null,
        change: !current ? 'new' : sameRate(current.rate, parsed.rate) ? 'same' : 'change',
      };
    },

    /**
     * The USD rate of the central bank's daily XML file, set for the file's date: a day that
     * has another rate is changed only with a reason.
     */
    importCbar: async (actor: AuditActor, xml: string, reason?: string) => {
      const parsed = parseCbarFile(xml);
      const { previous, replaced } = await setRate(actor, { ...parsed, source: 'cbar', reason });
      return { ...parsed, replaced, previous };
    },

    /**
     * One try of the daily fetch of `date` from `CBAR_RATES_URL`. It stores only the day it
     * asked for, only from a file of that day, and only when the day has no rate (typed or
     * fetched: never overwritten). Each try is recorded (the rates page shows the last one);
     * a try that found no rate to store (not out yet, bank down, malformed, another day's file)
     * answers when to try again, every CBAR_RETRY_DELAY_SECONDS until the Baku day ends.
     */
    fetchDaily: async (date: string): Promise<FeedTry> => {
      const at = clock.now();
      if (config.CBAR_RATES_URL === 'off') throw new CbarFetchError('CBAR_RATES_URL is off');
      const stored = await repo.findRateOn(db, date);
      if (stored)
        return recordTry(date, at, {
          outcome: 'present',
          message: `${cbarDay(date)} has its rate ${stored.rate}: nothing fetched.`,
          retry: false,
        });
      const file = await fetchFile(date);
      if (!('xml' in file)) return recordTry(date, at, { ...file, retry: true });
      let parsed: CbarUsdRate;
      try {
        parsed = parseCbarUsdRate(file.xml);
      } catch (error) {
        if (!(error instanceof CbarFormatError)) throw error;
        return recordTry(date, at, { outcome: 'malformed', message: error.message, retry: true });
      }
      if (parsed.date !== date)
        return recordTry(date, at, {
          outcome: 'wrong_day',
          message: `Asked for the file of ${cbarDay(date)}, the bank served the one of ${cbarDay(parsed.date)}: nothing stored.`,
          retry: true,
        });
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertRateIfAbsent(tx, { ...parsed, source: 'cbar' });
        if (inserted)
          await writeAudit(tx, SYSTEM_ACTOR, {
            action: 'exchange_rate.set',
            entityType: 'exchange_rate',
            entityId: inserted.id,
            before: null,
            after: { date, rate: inserted.usdAzn, source: 'cbar' },
          });
        return inserted;
      });
      if (!row)
        return recordTry(date, at, {
          outcome: 'present',
          message: `${cbarDay(date)} got its rate meanwhile: the file's ${parsed.rate} is not stored.`,
          retry: false,
        });
      forgetPricingCache(db);
      return recordTry(date, at, {
        outcome: 'ok',
        message: `The USD rate ${row.usdAzn} of ${cbarDay(date)} is stored.`,
        retry: false,
      });
    },

    /** Today (Baku), the rate prices use now, and whether today's is overdue. */
    status: async (now: Date): Promise<RateStatus> => {
      const today = bakuDate(now);
      const [inUse, feed] = await Promise.all([
        repo.findRateInUse(db, today),
        repo.findLatestFeedDay(db),
      ]);
      return {
        today,
        in_use: inUse ?? null,
        overdue: inUse?.date !== today && isPastDue(now, config.RATE_DUE_AT),
        fetch_enabled: config.CBAR_RATES_URL !== 'off',
        feed: feed ? toFeed(feed) : null,
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
      let mailed = 0;
      let failure: unknown;
      for (const admin of await repo.findActiveGlobalAdmins(db)) {
        if (!(await repo.claimRateAlert(db, today, admin.id))) continue;
        const lang = languageOf(admin.lang);
        const mail = rateMissingMail({
          lang,
          name: admin.name,
          date: today,
          inUse,
          fetchEnabled: config.CBAR_RATES_URL !== 'off',
          link: portalLink(config.publicUrl, '/pages/settings/markup?tab=rates', lang),
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
