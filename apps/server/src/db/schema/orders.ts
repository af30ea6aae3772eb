import type {
  ItemStatusName,
  MoneyMovementKind,
  OrderStatusName,
} from '@esd/shared/orders/orders.rules';
import type { SellType } from '@esd/shared/shop/pricing.rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { countries, products } from './catalogue';
import { createdAt, money, updatedAt } from './columns';
import type { AdobeLine } from './shop';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An order: its prices, VAT and surcharge are fixed when it is placed, so later price changes
 * never alter it; its AZN amounts are fixed when its money is received (`rateDate`). `dealer_id` is the credit account and the scope of
 * the dealer and its local district admin (`country_id`, the dealer's country at placement).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id),
    countryId: integer('country_id').references(() => countries.id),
    sellType: smallint('sell_type').$type<SellType>().notNull(),
    status: varchar('status', { length: 20 }).$type<OrderStatusName>().notNull(),
    /** the checkout's Idempotency-Key: one key of a buyer never makes a second order */
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    /** the buyer's language when it ordered: mails about the order use it */
    lang: varchar('lang', { length: 2 }).notNull(),
    rate: numeric('rate', { precision: 10, scale: 4 }).notNull(),
    /**
     * The Baku day whose bank rate `rate` is (issue 31). A cash order's rate and AZN amounts are
     * those of the day it was placed until its payment is confirmed, then of the payment's day
     * (specification §1: paid at the rate at payment time); a credit order's are fixed when it
     * is placed, when its credit is drawn.
     */
    rateDate: date('rate_date', { mode: 'string' }),
    vatPercent: money('vat_percent').notNull(),
    surchargePercent: money('surcharge_percent').notNull(),
    /** USD, VAT excluded */
    totalUsd: money('total_usd').notNull(),
    vatUsd: money('vat_usd').notNull(),
    /** AZN, VAT (and a credit surcharge) included: the sum of the items' AZN amounts */
    totalAzn: money('total_azn').notNull(),
    /** given back by approved returns */
    refundedUsd: money('refunded_usd').notNull().default('0'),
    refundedAzn: money('refunded_azn').notNull().default('0'),
    paidAt: at('paid_at'),
    completedAt: at('completed_at'),
    cancelledAt: at('cancelled_at'),
    creditSettledAt: at('credit_settled_at'),
    /**
     * The answer POST /api/checkout gave when it placed the order (message and order detail):
     * a retry with the same Idempotency-Key gets exactly this again (the Stripe model).
     */
    checkoutAnswer: jsonb('checkout_answer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_buyer_idempotency_unique').on(t.buyerId, t.idempotencyKey),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('orders_dealer_idx').on(t.dealerId, t.createdAt),
    index('orders_country_idx').on(t.countryId, t.createdAt),
    index('orders_status_idx').on(t.status),
    // the dealer's unpaid credit is summed under its row lock at every credit checkout
    index('orders_unpaid_credit_idx')
      .on(t.dealerId)
      .where(sql`sell_type = 2 and credit_settled_at is null and status <> 'cancelled'`),
    check('orders_sell_type', sql`${t.sellType} in (1, 2)`),
    check(
      'orders_status',
      sql`${t.status} in ('pending', 'in_progress', 'completed', 'cancelled')`,
    ),
    check('orders_amounts', sql`${t.totalUsd} >= 0 and ${t.totalAzn} >= 0`),
    check(
      'orders_refund_bounds',
      sql`${t.refundedUsd} between 0 and ${t.totalUsd} and ${t.refundedAzn} between 0 and ${t.totalAzn}`,
    ),
  ],
);

/** A line of an order with the product as it was sold (titles, SKU, price). */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sku: varchar('sku', { length: 64 }).notNull(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    titleAz: text('title_az').notNull(),
    providerId: smallint('provider_id').notNull(),
    isReturnable: boolean('is_returnable').notNull(),
    quantity: integer('quantity').notNull(),
    unitUsd: money('unit_usd').notNull(),
    totalUsd: money('total_usd').notNull(),
    totalAzn: money('total_azn').notNull(),
    status: varchar('status', { length: 20 }).$type<ItemStatusName>().notNull().default('waiting'),
    /** keys handed out so far */
    delivered: integer('delivered').notNull().default(0),
    deliveredAt: at('delivered_at'),
    /** when admins were told that this item missed the delivery promise */
    alertedAt: at('alerted_at'),
    adobe: jsonb('adobe').$type<AdobeLine>(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_waiting_idx').on(t.productId, t.id).where(sql`status = 'waiting'`),
    // the orders list's "contains" searches by SKU and by product name (any language)
    index('order_items_sku_trgm_idx').using('gin', sql`${t.sku} gin_trgm_ops`),
    index('order_items_title_trgm_idx').using(
      'gin',
      sql`${t.titleEn} gin_trgm_ops`,
      sql`${t.titleRu} gin_trgm_ops`,
      sql`${t.titleAz} gin_trgm_ops`,
    ),
    check('order_items_quantity', sql`${t.quantity} >= 1`),
    check('order_items_delivered', sql`${t.delivered} between 0 and ${t.quantity}`),
    check('order_items_status', sql`${t.status} in ('waiting', 'delivered', 'returned')`),
  ],
);

/** Every change of an order or item status: who (null for the system) and when. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 20 }),
    toStatus: varchar('to_status', { length: 40 }).notNull(),
    actorId: integer('actor_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/**
 * An order's money trail (issue 29, invariant 10): every payment, credit drawn, settlement,
 * credit restored and refund, with its amounts (USD without VAT, AZN with VAT and a credit
 * surcharge, as the order's totals), when and by whom (null for the system). Written in the
 * transaction of the change that moves the money; never updated.
 */
export const orderMoneyMovements = pgTable(
  'order_money_movements',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** the item refunded, for a return or a withdrawn Adobe item */
    itemId: integer('item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<MoneyMovementKind>().notNull(),
    amountUsd: money('amount_usd').notNull(),
    amountAzn: money('amount_azn').notNull(),
    actorId: integer('actor_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_money_movements_order_idx').on(t.orderId, t.id),
    check(
      'order_money_movements_kind',
      sql`${t.kind} in ('paid', 'credit_drawn', 'settled', 'credit_restored', 'refunded')`,
    ),
    check('order_money_movements_amounts', sql`${t.amountUsd} >= 0 and ${t.amountAzn} >= 0`),
  ],
);

export type KeyStatus = 'available' | 'allocated' | 'revoked';

/** A product's licence key: imported into stock, allocated once to an order item, maybe revoked. */
export const licenceKeys = pgTable(
  'licence_keys',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    key: varchar('key', { length: 500 }).notNull(),
    status: varchar('status', { length: 20 }).$type<KeyStatus>().notNull().default('available'),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    allocatedAt: at('allocated_at'),
    activatedAt: at('activated_at'),
    activatedBy: integer('activated_by').references(() => users.id),
    activatedFor: text('activated_for'),
    revokedAt: at('revoked_at'),
    importedBy: integer('imported_by').references(() => users.id),
    /**
     * Set only by migration 0037 on a key that was already sold under another row before keys
     * were unique in the pool (issue 33): that row's id. Such a copy stays for its order's
     * history and is left out of the pool's unique index; no import writes one.
     */
    duplicateOf: integer('duplicate_of'),
    createdAt: createdAt(),
  },
  (t) => [
    // a key is one key in the whole pool, whatever its product and state, in any case (issue 33)
    uniqueIndex('licence_keys_key_unique')
      .on(sql`lower(${t.key})`)
      .where(sql`${t.duplicateOf} is null`),
    // allocation takes the oldest available keys of a product with SKIP LOCKED
    index('licence_keys_available_idx').on(t.productId, t.id).where(sql`status = 'available'`),
    index('licence_keys_item_idx').on(t.orderItemId),
    check('licence_keys_status', sql`${t.status} in ('available', 'allocated', 'revoked')`),
    check('licence_keys_allocation', sql`(${t.status} = 'available') = (${t.orderItemId} is null)`),
  ],
);

/** A buyer's request to return a delivered item; an admin approves or rejects it. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    status: varchar('status', { length: 20 })
      .$type<'requested' | 'approved' | 'rejected'>()
      .notNull()
      .default('requested'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: at('decided_at'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('return_requests_item_idx').on(t.orderItemId, t.id),
    // one open request per item
    uniqueIndex('return_requests_open_unique').on(t.orderItemId).where(sql`status = 'requested'`),
    check('return_requests_status', sql`${t.status} in ('requested', 'approved', 'rejected')`),
  ],
);
