import { type CompanySettings, companySettingsSchema } from '@esd/shared/invoices/invoices.schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';

const COMPANY_KEY = 'company';

/** The stored details as read from their row: null while nobody has entered them. */
export const parseCompanySettings = (value: unknown): CompanySettings | null => {
  const parsed = companySettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * The stored details as a column of another module's select (one statement reads them with its
 * own rows, as an invoice reads them with its buyer); `parseCompanySettings` reads its value.
 */
export const companySettingsColumn = sql<unknown>`(select ${appSettings.value} from ${appSettings}
  where ${appSettings.key} = ${COMPANY_KEY})`;

/** The seller's details on invoices, or null while nobody has entered them. */
export const readCompanySettings = async (db: DbOrTx): Promise<CompanySettings | null> => {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COMPANY_KEY));
  return parseCompanySettings(row?.value);
};

/** The stored details, their row locked until commit (one save at a time writes its audit). */
export const lockCompanySettings = async (db: DbOrTx): Promise<CompanySettings | null> => {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, COMPANY_KEY))
    .for('update');
  return parseCompanySettings(row?.value);
};

export const writeCompanySettings = async (db: DbOrTx, value: CompanySettings) => {
  await db
    .insert(appSettings)
    .values({ key: COMPANY_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
};
