import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { orderItems } from './orders';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A sales event: dealers earn points from purchases of its products between start and end. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    titleAz: text('title_az').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    descriptionAz: text('description_az').notNull().default(''),
    imagePath: text('image_path'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** when admins awarded the rank prizes after the end (once) */
    awardedAt: at('awarded_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_period_idx').on(t.startsAt, t.endsAt),
    check('events_period_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A product that counts in an event and the points one unit earns. */
export const eventProducts = pgTable(
  'event_products',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.productId] }),
    index('event_products_product_idx').on(t.productId),
    check('event_products_points_check', sql`${t.points} > 0`),
  ],
);

/**
 * A prize of an event: claimed with points (`points_needed`) or awarded by final rank
 * (`rank`), exactly one of the two. `stock` is what is left to hand out.
 */
export const prizes = pgTable(
  'prizes',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    titleAz: text('title_az').notNull(),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionRu: text('description_ru').notNull().default(''),
    descriptionAz: text('description_az').notNull().default(''),
    imagePath: text('image_path'),
    pointsNeeded: integer('points_needed'),
    rank: integer('rank'),
    stock: integer('stock').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('prizes_event_idx').on(t.eventId),
    check('prizes_stock_check', sql`${t.stock} >= 0`),
    check(
      'prizes_rule_check',
      sql`(${t.pointsNeeded} is null) <> (${t.rank} is null) and coalesce(${t.pointsNeeded}, 1) > 0 and coalesce(${t.rank}, 1) > 0`,
    ),
  ],
);

/**
 * The points ledger of an event: + when an order item of an event product completes during the
 * event, − when that item is returned. One row per item and kind, so a re-run never counts twice.
 * Points belong to the dealer (`dealer_id`, the order's credit account); `buyer_id` is who bought.
 */
export const eventPoints = pgTable(
  'event_points',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<'earned' | 'reversed'>().notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_points_item_kind_unique').on(t.eventId, t.orderItemId, t.kind),
    index('event_points_event_dealer_idx').on(t.eventId, t.dealerId),
    check('event_points_kind_check', sql`${t.kind} in ('earned', 'reversed')`),
  ],
);

export type WonPrizeStatus = 'pending' | 'shipped' | 'delivered' | 'cancelled';

/** A prize a dealer claimed with points or was awarded by rank; admins follow its delivery. */
export const wonPrizes = pgTable(
  'won_prizes',
  {
    id: serial('id').primaryKey(),
    prizeId: integer('prize_id')
      .notNull()
      .references(() => prizes.id),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id),
    /** who claimed it (null when awarded by rank) */
    claimedBy: integer('claimed_by').references(() => users.id),
    source: varchar('source', { length: 10 }).$type<'claim' | 'rank'>().notNull(),
    /** points spent on a claim (0 for a rank award) */
    pointsSpent: integer('points_spent').notNull().default(0),
    rank: integer('rank'),
    status: varchar('status', { length: 20 }).$type<WonPrizeStatus>().notNull().default('pending'),
    statusChangedAt: at('status_changed_at'),
    statusChangedBy: integer('status_changed_by').references(() => users.id),
    /** the admin's tracking note, shown to the dealer that holds the prize */
    note: text('note'),
    /** where a claimed prize goes and whom to call, given by the dealer with the claim */
    deliveryContactName: varchar('delivery_contact_name', { length: 120 }),
    deliveryPhone: varchar('delivery_phone', { length: 30 }),
    deliveryAddress: varchar('delivery_address', { length: 500 }),
    createdAt: createdAt(),
  },
  (t) => [
    // a dealer wins a given prize once
    uniqueIndex('won_prizes_prize_dealer_unique').on(t.prizeId, t.dealerId),
    index('won_prizes_dealer_idx').on(t.dealerId, t.createdAt),
    index('won_prizes_created_idx').on(t.createdAt, t.id),
    check('won_prizes_source_check', sql`${t.source} in ('claim', 'rank')`),
    check(
      'won_prizes_status_check',
      sql`${t.status} in ('pending', 'shipped', 'delivered', 'cancelled')`,
    ),
    check('won_prizes_points_check', sql`${t.pointsSpent} >= 0`),
  ],
);
