import {
  type PricingSettings,
  pricingSettingsSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSettings, exchangeRates } from '../../db/schema';

const PRICING_KEY = 'pricing';

/** Azerbaijan's VAT; no surcharge for credit until an admin sets one. */
const defaultPricingSettings: PricingSettings = {
  vat_percent: '18.00',
  credit_surcharge_percent: '0.00',
};

/**
 * The shop reads the rate and the settings on every request; each process keeps them for a
 * few seconds. Checkout reads them afresh inside its transaction.
 */
const CACHE_MS = 3000;
type Cached<T> = { value: T; until: number };
const cache = new WeakMap<
  object,
  { rate?: Cached<RateInUse | undefined>; settings?: Cached<PricingSettings> }
>();

const cached = async <T>(
  db: DbOrTx,
  key: 'rate' | 'settings',
  load: () => Promise<T>,
): Promise<T> => {
  const entry = cache.get(db) ?? {};
  cache.set(db, entry);
  const hit = entry[key] as Cached<T> | undefined;
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await load();
  (entry as Record<string, Cached<T>>)[key] = { value, until: Date.now() + CACHE_MS };
  return value;
};

/** Drops this process's cached rate and settings after an admin changed them. */
export const forgetPricingCache = (db: DbOrTx) => cache.delete(db);

export const cachedPricingSettings = (db: DbOrTx) =>
  cached(db, 'settings', () => readPricingSettings(db));
export const cachedCurrentRate = (db: DbOrTx) => cached(db, 'rate', () => currentRate(db));

const pricingSettingsFrom = (value: unknown): PricingSettings => {
  const parsed = pricingSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultPricingSettings;
};

export const readPricingSettings = async (db: DbOrTx): Promise<PricingSettings> => {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, PRICING_KEY));
  return pricingSettingsFrom(row?.value);
};

export const writePricingSettings = async (db: DbOrTx, value: PricingSettings) => {
  await db
    .insert(appSettings)
    .values({ key: PRICING_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
};

/** A bank rate and the day it is of. */
export type RateInUse = { rate: string; date: string };

/**
 * Today in Baku, whatever the database server's zone: a rate dated the 26th applies from
 * midnight of the 26th in Baku (20:00 UTC on the 25th).
 */
const bakuToday = sql`(now() at time zone 'Asia/Baku')::date`;

/**
 * The bank rate in force today: the newest one dated today (Baku) or earlier. While today's
 * is not in yet (the central bank publishes in the morning), the latest earlier one applies.
 */
const currentRate = async (db: DbOrTx): Promise<RateInUse | undefined> => {
  const [row] = await db
    .select({ rate: exchangeRates.usdAzn, date: exchangeRates.rateDate })
    .from(exchangeRates)
    .where(lte(exchangeRates.rateDate, bakuToday))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row;
};

/**
 * `currentRate` and `readPricingSettings` in one round trip, for checkout, which reads both
 * afresh inside its transaction.
 */
export const readRateAndPricingSettings = async (
  db: DbOrTx,
): Promise<{ rate: RateInUse | undefined; settings: PricingSettings }> => {
  const result =
    await db.execute(sql`select rate.usd_azn::text as rate, rate.rate_date::text as rate_date,
    (select ${appSettings.value}::text from ${appSettings}
      where ${appSettings.key} = ${PRICING_KEY}) as settings
    from (select 1) as one
    left join lateral (select ${exchangeRates.usdAzn} as usd_azn, ${exchangeRates.rateDate} as rate_date
      from ${exchangeRates} where ${exchangeRates.rateDate} <= ${bakuToday}
      order by ${exchangeRates.rateDate} desc limit 1) as rate on true`);
  const [row] = (
    result as unknown as {
      rows: { rate: string | null; rate_date: string | null; settings: string | null }[];
    }
  ).rows;
  return {
    rate: row?.rate && row.rate_date ? { rate: row.rate, date: row.rate_date } : undefined,
    settings: pricingSettingsFrom(row?.settings ? JSON.parse(row.settings) : undefined),
  };
};
