import { DEFAULT_LOW_STOCK_THRESHOLD } from '@esd/shared/orders/orders.rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameRu: text('name_ru').notNull(),
  nameAz: text('name_az').notNull(),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 80 }).notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameRu: text('name_ru').notNull(),
  nameAz: text('name_az').notNull(),
  /** active products in the category, kept by a trigger so the shop never counts 100,000 rows */
  activeProducts: integer('active_products').notNull().default(0),
  createdAt: createdAt(),
});

export const markupGroups = pgTable('markup_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** percent added to the dealer price, e.g. 5.00 */
  percent: money('percent').notNull().default('0'),
  createdAt: createdAt(),
});

/** Provider of a product: where its licence comes from. 3 means Adobe (spec 3). */
export const PROVIDER = { keyStock: 1, other: 2, adobe: 3 } as const;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: varchar('sku', { length: 64 }).notNull(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    titleAz: text('title_az').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    descriptionAz: text('description_az').notNull().default(''),
    requirementsEn: text('requirements_en').notNull().default(''),
    requirementsRu: text('requirements_ru').notNull().default(''),
    requirementsAz: text('requirements_az').notNull().default(''),
    installationEn: text('installation_en').notNull().default(''),
    installationRu: text('installation_ru').notNull().default(''),
    installationAz: text('installation_az').notNull().default(''),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    providerId: smallint('provider_id').notNull().default(PROVIDER.keyStock),
    /** USD, VAT excluded */
    dealerPrice: money('dealer_price').notNull(),
    /** USD, VAT excluded: the recommended end-user price */
    unitPrice: money('unit_price').notNull(),
    royalty: money('royalty').notNull().default('0'),
    bonus: money('bonus').notNull().default('0'),
    points: integer('points').notNull().default(0),
    /** the attributes in each language: English set whenever any is; an empty ru/az reads as en */
    deliveryTimeEn: text('delivery_time_en').notNull().default(''),
    deliveryTimeRu: text('delivery_time_ru').notNull().default(''),
    deliveryTimeAz: text('delivery_time_az').notNull().default(''),
    operatingSystemsEn: text('operating_systems_en').notNull().default(''),
    operatingSystemsRu: text('operating_systems_ru').notNull().default(''),
    operatingSystemsAz: text('operating_systems_az').notNull().default(''),
    licenceTypeEn: text('licence_type_en').notNull().default(''),
    licenceTypeRu: text('licence_type_ru').notNull().default(''),
    licenceTypeAz: text('licence_type_az').notNull().default(''),
    usersCount: integer('users_count'),
    devicesCount: integer('devices_count'),
    isReturnable: boolean('is_returnable').notNull().default(false),
    imagePath: text('image_path'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Key stock: fewer available keys than this is low (the badge on Key stock, one mail to the
     * global admins per fall under it); 0 never counts as low.
     */
    lowStockThreshold: integer('low_stock_threshold')
      .notNull()
      .default(DEFAULT_LOW_STOCK_THRESHOLD),
    /** when admins were told the stock fell under the threshold; cleared by a restock */
    lowStockNotifiedAt: timestamp('low_stock_notified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** lower-cased SKU and titles in every language, searched through a trigram index */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(sku || ' ' || title_en || ' ' || title_ru || ' ' || title_az)`),
  },
  (t) => [
    uniqueIndex('products_sku_unique').on(t.sku),
    index('products_category_idx').on(t.categoryId),
    index('products_title_en_idx').on(t.titleEn, t.id),
    index('products_title_ru_idx').on(t.titleRu, t.id),
    index('products_title_az_idx').on(t.titleAz, t.id),
    index('products_dealer_price_idx').on(t.dealerPrice, t.id),
    index('products_unit_price_idx').on(t.unitPrice, t.id),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('products_prices_check', sql`${t.dealerPrice} >= 0 and ${t.unitPrice} >= 0`),
    check('products_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
  ],
);

/** A markup group's percent for one category, overriding the group's own. */
export const markupGroupCategories = pgTable(
  'markup_group_categories',
  {
    markupGroupId: integer('markup_group_id')
      .notNull()
      .references(() => markupGroups.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    percent: money('percent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.markupGroupId, t.categoryId] })],
);

/** The bank's USD→AZN rate by date (AZN per 1 USD). */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    usdAzn: numeric('usd_azn', { precision: 10, scale: 4 }).notNull(),
    source: varchar('source', { length: 10 }).notNull().default('manual'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('exchange_rates_date_unique').on(t.rateDate),
    check('exchange_rates_positive', sql`${t.usdAzn} > 0`),
  ],
);

/**
 * The central bank feed's tries of a day: how many, the last one's time and outcome (`ok`,
 * `present`: the day had its rate; `no_file`: not published yet; `wrong_day`: the file was of
 * another day; `malformed`; `unreachable`) with its message, and when it tries next (null: it
 * stopped, the rate landed or the Baku day ended).
 */
export const rateFeedDays = pgTable(
  'rate_feed_days',
  {
    rateDate: date('rate_date', { mode: 'string' }).primaryKey(),
    tries: integer('tries').notNull().default(0),
    lastTryAt: timestamp('last_try_at', { withTimezone: true }).notNull(),
    outcome: varchar('outcome', { length: 20 }).notNull(),
    message: text('message').notNull().default(''),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'rate_feed_days_outcome',
      sql`${t.outcome} in ('ok', 'present', 'no_file', 'wrong_day', 'malformed', 'unreachable')`,
    ),
  ],
);
