import { type CompanySettings, companySettingsSchema } from '@esd/shared/invoices/invoices.schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';

const COMPANY_KEY = 'company';

/** The seller's details on invoices, or null while nobody has entered them. */
export const readCompanySettings = async (db: DbOrTx): Promise<CompanySettings | null> => {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COMPANY_KEY));
  const parsed = companySettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
};

/** The stored details, their row locked until commit (one save at a time writes its audit). */
export const lockCompanySettings = async (db: DbOrTx): Promise<CompanySettings | null> => {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COMPANY_KEY))
    .for('update');
  const parsed = companySettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
};

export const writeCompanySettings = async (db: DbOrTx, value: CompanySettings) => {
  await db
    .insert(appSettings)
    .values({ key: COMPANY_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
};
