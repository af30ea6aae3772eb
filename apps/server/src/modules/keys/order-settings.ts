import { DEFAULT_RETURN_WINDOW_DAYS } from '@esd/shared/orders/orders.rules';
import { type OrderSettings, orderSettingsSchema } from '@esd/shared/orders/orders.schemas';
import type { DbOrTx } from '../../db/client';
import { readAppSetting, writeAppSetting } from '../../lib/app-settings';

const ORDERS_KEY = 'orders';

const defaultOrderSettings: OrderSettings = { return_window_days: DEFAULT_RETURN_WINDOW_DAYS };

/**
 * The return window, or its default until an admin saves it. (The low-stock threshold is each
 * product's own since issue 33: Key stock.)
 */
export const readOrderSettings = async (db: DbOrTx): Promise<OrderSettings> => {
  const parsed = orderSettingsSchema.safeParse(await readAppSetting(db, ORDERS_KEY));
  return parsed.success ? parsed.data : defaultOrderSettings;
};

export const writeOrderSettings = (db: DbOrTx, value: OrderSettings) =>
  writeAppSetting(db, ORDERS_KEY, value);
