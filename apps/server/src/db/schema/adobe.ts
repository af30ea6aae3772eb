import type { AdobeCustomer } from '@esd/shared/adobe/adobe.schemas';
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
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
