import {
  type PricingSettings,
  pricingSettingsSchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { DbOrTx } from '../../db/client';
import { readAppSetting, writeAppSetting } from '../../lib/app-settings';
import { findCurrentRate, findRateAndSetting, type RateInUse } from './pricing.repository';

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
export const cachedCurrentRate = (db: DbOrTx) => cached(db, 'rate', () => findCurrentRate(db));

export const pricingSettingsFrom = (value: unknown): PricingSettings => {
  const parsed = pricingSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : defaultPricingSettings;
};

export const readPricingSettings = async (db: DbOrTx): Promise<PricingSettings> =>
  pricingSettingsFrom(await readAppSetting(db, PRICING_KEY));

export const writePricingSettings = (db: DbOrTx, value: PricingSettings) =>
  writeAppSetting(db, PRICING_KEY, value);

/**
 * The rate in force today and the pricing settings in one round trip, for checkout, which
 * reads both afresh inside its transaction.
 */
export const readRateAndPricingSettings = async (
  db: DbOrTx,
): Promise<{ rate: RateInUse | undefined; settings: PricingSettings }> => {
  const { rate, setting } = await findRateAndSetting(db, PRICING_KEY);
  return { rate, settings: pricingSettingsFrom(setting) };
};
