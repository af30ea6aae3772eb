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

export type AdobeLine = {
  customer_id: string;
  company_name: string;
  three_year_commitment: boolean;
  option_id: string;
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
