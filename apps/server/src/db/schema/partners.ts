import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { countries } from './catalogue';
import { createdAt } from './columns';
import { users } from './users';

export type PartnerApplicationStatus = 'pending' | 'approved' | 'rejected';

/** A "Become a Partner" application; a global admin approves it into a dealer account. */
export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    /** VÖEN, the 10-digit tax id */
    voen: varchar('voen', { length: 10 }).notNull(),
    contractNumber: text('contract_number').notNull(),
    contractStartDate: date('contract_start_date', { mode: 'string' }).notNull(),
    mpnId: text('mpn_id').notNull(),
    fullName: text('full_name').notNull(),
    /** stored lower-cased */
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    /** FIN code: the 7-character personal id */
    finCode: varchar('fin_code', { length: 7 }).notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    region: text('region').notNull(),
    city: text('city').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    postalCode: varchar('postal_code', { length: 20 }).notNull(),
    position: text('position').notNull(),
    contactNumber: varchar('contact_number', { length: 40 }).notNull(),
    /** the applicant's language: every mail about the application uses it */
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    status: varchar('status', { length: 10 })
      .$type<PartnerApplicationStatus>()
      .notNull()
      .default('pending'),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** the dealer account created on approval */
    userId: integer('user_id').references(() => users.id),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    // one open or approved application per tax id and per e-mail; a rejected one may re-apply
    uniqueIndex('partner_applications_voen_unique').on(t.voen).where(sql`status <> 'rejected'`),
    uniqueIndex('partner_applications_email_unique').on(t.email).where(sql`status <> 'rejected'`),
    index('partner_applications_status_idx').on(t.status, t.createdAt),
    check(
      'partner_applications_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected')`,
    ),
    check('partner_applications_voen_check', sql`${t.voen} ~ '^[0-9]{10}$'`),
    check('partner_applications_lang_check', sql`${t.lang} in ('en', 'ru', 'az')`),
  ],
);
