import type { CompanySettings } from '@esd/shared/invoices/invoices.schemas';
import type { Db } from '../../db/client';
import { type AuditActor, changedFields, writeAudit } from '../../lib/audit';
import * as repo from './company.repository';

/** Every field empty: the "before" of the first save, so its audit entry lists each value. */
const unset: Record<keyof CompanySettings, null> = {
  name: null,
  voen: null,
  address: null,
  phone: null,
  bank_name: null,
  iban: null,
  swift: null,
  payment_days: null,
};

/** The seller's details printed on invoices (Settings → Company): read, and saved audited. */
export const createCompanyService = ({ db }: { db: Db }) => ({
  get: () => repo.readCompanySettings(db),

  save: (actor: AuditActor, settings: CompanySettings) =>
    db.transaction(async (tx) => {
      const before = (await repo.lockCompanySettings(tx)) ?? unset;
      await repo.writeCompanySettings(tx, settings);
      const diff = changedFields<Record<keyof CompanySettings, unknown>>(before, settings);
      if (diff)
        await writeAudit(tx, actor, {
          action: 'company.update',
          entityType: 'company_settings',
          ...diff,
        });
      return settings;
    }),
});
