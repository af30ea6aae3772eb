import {
  type PricingSettings,
  pricingSettingsSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSettings, exchangeRates } from '../../db/schema';

const PRICING_KEY = 'pricing';

/** Azerbaijan's VAT; no surcharge for credit until an admin sets one. */
export const defaultPricingSettings: PricingSettings = {
  vat_percent: '18.00',
  credit_surcharge_percent: '0.00',
};

export const readPricingSettings = async (db: DbOrTx): Promise<PricingSettings> => {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, PRICING_KEY));
  const parsed = pricingSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : defaultPricingSettings;
};

export const writePricingSettings = async (db: DbOrTx, value: PricingSettings) => {
  await db
    .insert(appSettings)
    .values({ key: PRICING_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
};

/** The bank rate in force today: the newest one dated today or earlier. */
export const currentRate = async (db: DbOrTx): Promise<string | undefined> => {
  const [row] = await db
    .select({ rate: exchangeRates.usdAzn })
    .from(exchangeRates)
    .where(lte(exchangeRates.rateDate, sql`current_date`))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row?.rate;
};
