import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt, money, updatedAt } from './columns';
import { users } from './users';

/** A dealer's user groups, each with a markup over the dealer's cost. */
export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    markupPercent: money('markup_percent').notNull().default('0'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_groups_dealer_name_unique').on(t.dealerId, t.name)],
);

/** An end user's membership of one of its dealer's groups. */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    userGroupId: integer('user_group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
  },
  (t) => [index('user_group_members_group_idx').on(t.userGroupId)],
);

/** A dealer's own price or markup of one product for its users. */
export const dealerProductPrices = pgTable(
  'dealer_product_prices',
  {
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mode: varchar('mode', { length: 10 }).$type<'price' | 'markup'>().notNull(),
    value: money('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.dealerId, t.productId] }),
    check('dealer_product_prices_mode', sql`${t.mode} in ('price', 'markup')`),
    check('dealer_product_prices_value', sql`${t.value} >= 0`),
  ],
);

/**
 * An Adobe line (provider 3): the customer and the price option chosen from the provider's
 * preview, kept on the basket line and copied to the order item, which adds what the
 * provider answered when it took the order.
 */
export type AdobeLine = {
  /** Adobe's customerId */
  customer_id: string;
  /** the portal's id of that customer (adobe_customers.id) */
  portal_customer_id?: number;
  company_name: string;
  market_segment?: string;
  three_year_commitment: boolean;
  /** priced under the customer's own three-year commitment (so any quantity is allowed) */
  customer_committed?: boolean;
  /** the chosen price option: Adobe's offer id */
  option_id: string;
  /** USD per licence for the prorated period, VAT excluded, as the dealer pays it */
  unit_usd?: string;
  /** the quantity Adobe priced: the line is bought only at exactly this quantity */
  quantity?: number;
  days?: number;
  priced_at?: string;
  /** set on the order item once the provider answered */
  order_id?: string | null;
  subscription_id?: string | null;
  status?: string | null;
  error?: string | null;
};

/** A line of a shopper's basket; prices are never stored here, always computed. */
export const basketItems = pgTable(
  'basket_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    sellType: smallint('sell_type').notNull(),
    /** distinguishes Adobe lines of one product (customer, option); '' otherwise */
    lineKey: varchar('line_key', { length: 200 }).notNull().default(''),
    adobe: jsonb('adobe').$type<AdobeLine>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('basket_items_line_unique').on(t.userId, t.productId, t.sellType, t.lineKey),
    check('basket_items_quantity', sql`${t.quantity} between 1 and 100000`),
    check('basket_items_sell_type', sql`${t.sellType} in (1, 2)`),
  ],
);
