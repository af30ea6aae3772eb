import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appSettings } from '../db/schema';

/**
 * The stored value of one application setting (`app_settings`, one JSON value a key), or
 * undefined when none was saved; the caller parses it and has its own default.
 */
export const readAppSetting = async (db: DbOrTx, key: string): Promise<unknown> => {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value;
};

/** Saves one application setting, replacing what was stored under its key. */
export const writeAppSetting = async (db: DbOrTx, key: string, value: unknown) => {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
};
