import type { AdobeCustomer } from '@esd/shared/adobe/adobe.schemas';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** A dealer's customer at Adobe: the portal remembers whose it is and Adobe's profile of it. */
export const adobeCustomers = pgTable(
  'adobe_customers',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Adobe's customerId */
    customerId: varchar('customer_id', { length: 40 }).notNull(),
    companyName: text('company_name').notNull(),
    marketSegment: varchar('market_segment', { length: 3 })
      .$type<'COM' | 'EDU' | 'GOV'>()
      .notNull(),
    profile: jsonb('profile').$type<AdobeCustomer>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('adobe_customers_customer_unique').on(t.customerId),
    index('adobe_customers_dealer_idx').on(t.dealerId, t.companyName),
  ],
);

/**
 * Each renewal reminder of a subscription (30 and 7 days before its renewal date), claimed
 * before it is mailed to the customer's dealer. The daily job runs at least once, may be retried
 * or run in several processes: the unique (customer, subscription, renewal date, days) row is
 * what mails each reminder at most once. A failed send deletes its claim so the retry mails; a
 * claim without `sent_at` was taken by a process that stopped mid-send.
 */
export const adobeRenewalMails = pgTable(
  'adobe_renewal_mails',
  {
    id: serial('id').primaryKey(),
    adobeCustomerId: integer('adobe_customer_id')
      .notNull()
      .references(() => adobeCustomers.id, { onDelete: 'cascade' }),
    /** Adobe's subscriptionId */
    subscriptionId: varchar('subscription_id', { length: 40 }).notNull(),
    renewalDate: date('renewal_date', { mode: 'string' }).notNull(),
    daysBefore: smallint('days_before').notNull(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('adobe_renewal_mails_once').on(
      t.adobeCustomerId,
      t.subscriptionId,
      t.renewalDate,
      t.daysBefore,
    ),
    check('adobe_renewal_mails_days', sql`${t.daysBefore} in (30, 7)`),
  ],
);
