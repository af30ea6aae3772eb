import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_RETURN_WINDOW_DAYS,
} from '@esd/shared/orders/orders.rules';
import { type OrderSettings, orderSettingsSchema } from '@esd/shared/orders/orders.schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';

const ORDERS_KEY = 'orders';

const defaultOrderSettings: OrderSettings = {
  return_window_days: DEFAULT_RETURN_WINDOW_DAYS,
  low_stock_threshold: DEFAULT_LOW_STOCK_THRESHOLD,
};

export const readOrderSettings = async (db: DbOrTx): Promise<OrderSettings> => {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, ORDERS_KEY));
  const parsed = orderSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : defaultOrderSettings;
};

export const writeOrderSettings = async (db: DbOrTx, value: OrderSettings) => {
  await db
    .insert(appSettings)
    .values({ key: ORDERS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
};
