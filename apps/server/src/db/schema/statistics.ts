import {
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
} from 'drizzle-orm/pg-core';

/**
 * Pre-aggregated sales for the statistics pages (issue 7: every answer under 200 ms with a
 * million order items). Kept in step by triggers on `orders` and `order_items` (migration
 * 0011), in the same transaction as the change, so no code path can forget them.
 *
 * What counts as a sale: an order item whose order is paid (`orders.paid_at`: credit orders at
 * checkout, cash orders when an admin confirms the payment) and not cancelled, and which is not
 * returned. It counts on the day of payment in Baku (Asia/Baku). Cancelling a paid order takes
 * it out again; an approved return takes out the returned item's amount and quantity.
 * Amounts: USD excluding VAT (`order_items.total_usd`) and AZN as paid (`order_items.total_azn`).
 *
 * Every key carries the dealer, so concurrent checkouts of different dealers never update the
 * same row; `country_id` is the order's country (the dealer's at placement), 0 when it had none.
 * No foreign keys: a trigger-maintained summary must not lock the users or products it names.
 */
const sum = (name: string) => numeric(name, { precision: 18, scale: 2 }).notNull().default('0');

/** Paid orders and their sales per Baku day, dealer, country and sell type. */
export const salesDaily = pgTable(
  'sales_daily',
  {
    day: date('day').notNull(),
    dealerId: integer('dealer_id').notNull(),
    countryId: integer('country_id').notNull(),
    sellType: smallint('sell_type').notNull(),
    /** paid, not cancelled orders (an order whose items were all returned still counts) */
    orders: integer('orders').notNull().default(0),
    /** licences of the counted items */
    quantity: integer('quantity').notNull().default(0),
    amountUsd: sum('amount_usd'),
    amountAzn: sum('amount_azn'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dealerId, t.countryId, t.sellType] }),
    index('sales_daily_dealer_idx').on(t.dealerId, t.day),
    index('sales_daily_country_idx').on(t.countryId, t.day),
  ],
);

/** Sales per Baku day, dealer, country and product: the edges of a date range. */
export const salesProductDaily = pgTable(
  'sales_product_daily',
  {
    day: date('day').notNull(),
    dealerId: integer('dealer_id').notNull(),
    countryId: integer('country_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    amountUsd: sum('amount_usd'),
    amountAzn: sum('amount_azn'),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dealerId, t.countryId, t.productId] }),
    index('sales_product_daily_dealer_idx').on(t.dealerId, t.day),
    index('sales_product_daily_country_idx').on(t.countryId, t.day),
  ],
);

/** The same per Baku calendar month (first day of the month): the whole months of a range. */
export const salesProductMonthly = pgTable(
  'sales_product_monthly',
  {
    month: date('month').notNull(),
    dealerId: integer('dealer_id').notNull(),
    countryId: integer('country_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    amountUsd: sum('amount_usd'),
    amountAzn: sum('amount_azn'),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.dealerId, t.countryId, t.productId] }),
    index('sales_product_monthly_dealer_idx').on(t.dealerId, t.month),
    index('sales_product_monthly_country_idx').on(t.countryId, t.month),
  ],
);

/** Paid orders and sales per ISO week (its Monday, Baku), dealer, country and sell type. */
export const salesWeekly = pgTable(
  'sales_weekly',
  {
    week: date('week').notNull(),
    dealerId: integer('dealer_id').notNull(),
    countryId: integer('country_id').notNull(),
    sellType: smallint('sell_type').notNull(),
    orders: integer('orders').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    amountUsd: sum('amount_usd'),
    amountAzn: sum('amount_azn'),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.dealerId, t.countryId, t.sellType] }),
    index('sales_weekly_dealer_idx').on(t.dealerId, t.week),
    index('sales_weekly_country_idx').on(t.countryId, t.week),
  ],
);

/** The same per Baku calendar month (its first day): quarters and long ranges. */
export const salesMonthly = pgTable(
  'sales_monthly',
  {
    month: date('month').notNull(),
    dealerId: integer('dealer_id').notNull(),
    countryId: integer('country_id').notNull(),
    sellType: smallint('sell_type').notNull(),
    orders: integer('orders').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    amountUsd: sum('amount_usd'),
    amountAzn: sum('amount_azn'),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.dealerId, t.countryId, t.sellType] }),
    index('sales_monthly_dealer_idx').on(t.dealerId, t.month),
  ],
);

/**
 * Product sales changes not yet folded into the per-country product summaries below. The
 * triggers only append here (a new row per change, never an update), so checkouts of different
 * dealers never wait on each other; a background fold (sales_fold_pending) moves the rows into
 * the summaries, and readers add what is still pending, so answers are always exact.
 */
export const salesProductPending = pgTable('sales_product_pending', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day').notNull(),
  countryId: integer('country_id').notNull(),
  productId: integer('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  amountUsd: numeric('amount_usd', { precision: 18, scale: 2 }).notNull(),
  amountAzn: numeric('amount_azn', { precision: 18, scale: 2 }).notNull(),
});

/** Product sales per Baku day, country and product of every dealer (folded from pending). */
export const salesProductCountryDaily = pgTable(
  'sales_product_country_daily',
  {
    day: date('day').notNull(),
    countryId: integer('country_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    amountUsd: sum('amount_usd'),
    amountAzn: sum('amount_azn'),
  },
  (t) => [primaryKey({ columns: [t.day, t.countryId, t.productId] })],
);

/** The same per Baku calendar month. */
export const salesProductCountryMonthly = pgTable(
  'sales_product_country_monthly',
  {
    month: date('month').notNull(),
    countryId: integer('country_id').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    amountUsd: sum('amount_usd'),
    amountAzn: sum('amount_azn'),
  },
  (t) => [primaryKey({ columns: [t.month, t.countryId, t.productId] })],
);
