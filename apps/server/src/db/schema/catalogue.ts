import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
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
    deliveryTime: text('delivery_time').notNull().default(''),
    operatingSystems: text('operating_systems').notNull().default(''),
    licenceType: text('licence_type').notNull().default(''),
    usersCount: integer('users_count'),
    devicesCount: integer('devices_count'),
    isReturnable: boolean('is_returnable').notNull().default(false),
    imagePath: text('image_path'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_sku_unique').on(t.sku),
    index('products_category_idx').on(t.categoryId),
  ],
);
