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
  { rate?: Cached<string | undefined>; settings?: Cached<PricingSettings> }
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

/** The bank rate in force today: the newest one dated today or earlier. */
const currentRate = async (db: DbOrTx): Promise<string | undefined> => {
  const [row] = await db
    .select({ rate: exchangeRates.usdAzn })
    .from(exchangeRates)
    .where(lte(exchangeRates.rateDate, sql`current_date`))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row?.rate;
};

/**
 * `currentRate` and `readPricingSettings` in one round trip, for checkout, which reads both
 * afresh inside its transaction.
 */
export const readRateAndPricingSettings = async (
  db: DbOrTx,
): Promise<{ rate: string | undefined; settings: PricingSettings }> => {
  const result = await db.execute(sql`select
    (select ${exchangeRates.usdAzn}::text from ${exchangeRates}
      where ${exchangeRates.rateDate} <= current_date
      order by ${exchangeRates.rateDate} desc limit 1) as rate,
    (select ${appSettings.value}::text from ${appSettings}
      where ${appSettings.key} = ${PRICING_KEY}) as settings`);
  const [row] = (result as unknown as { rows: { rate: string | null; settings: string | null }[] })
    .rows;
  return {
    rate: row?.rate ?? undefined,
    settings: pricingSettingsFrom(row?.settings ? JSON.parse(row.settings) : undefined),
  };
};
