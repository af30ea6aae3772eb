import { z } from 'zod';
import { adobeLineInfoSchema, adobeOrderInfoSchema } from '../adobe/adobe.schemas';
import { paginationQuerySchema } from '../api';
import { calendarDateSchema, idTextSchema } from '../bounds';
import { sellTypeQuerySchema, sellTypeSchema } from '../shop/sell-type.schemas';
import {
  ITEM_STATUSES,
  MONEY_MOVEMENT_KINDS,
  ORDER_DISPLAY_STATUSES,
  ORDER_STATUSES,
  RETURN_STATUSES,
} from './orders.rules';
import type { QuoteChange } from './quote.rules';

/** POST /api/checkout: the basket becomes one order paid this way (1 cash, 2 credit). */
export const checkoutInputSchema = z.object({
  sell_type: sellTypeSchema,
  /**
   * The `quote` of the review the buyer confirmed (GET /api/checkout). With it the order is
   * placed only if it charges exactly that review, else 409 PRICE_CHANGED; without it, at the
   * prices of the moment of placing.
   */
  quote: z.string().min(1).max(200_000).optional(),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** `Idempotency-Key` header of POST /api/checkout: one key never makes two orders. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'at least 8 characters')
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const itemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof itemStatusSchema>;
export const returnStatusSchema = z.enum(RETURN_STATUSES);

/** The review shown on /pages/checkout, priced at this moment for one way of paying. */
export const checkoutPreviewSchema = z.object({
  sell_type: sellTypeSchema,
  allowed_sell_types: z.array(sellTypeSchema),
  lines: z.array(
    z.object({
      basket_item_id: z.number().int(),
      product_id: z.number().int(),
      sku: z.string(),
      FullTitle: z.string(),
      quantity: z.number().int(),
      /** USD, VAT excluded */
      unit_usd: z.string(),
      total_usd: z.string(),
      /** AZN, VAT included, at `rate` */
      total_azn: z.string(),
      in_stock: z.boolean(),
      /** Adobe lines: the quoted SKU, the customer and the commitment (null otherwise) */
      adobe: adobeLineInfoSchema.nullable(),
    }),
  ),
  /** basket lines of the other sell type: this checkout leaves them in the basket */
  other_lines: z.number().int(),
  total_usd: z.string(),
  vat_percent: z.string(),
  vat_usd: z.string(),
  total_usd_with_vat: z.string(),
  surcharge_percent: z.string(),
  rate: z.string(),
  /**
   * the date of the bank rate used: today's (Baku), or the newest earlier one while today's is
   * not in; null when there is no rate at all
   */
  rate_date: z.string().nullable(),
  total_azn: z.string(),
  /**
   * When the AZN amount is fixed (specification §1, paid at the bank's rate at payment time):
   * `payment`, a cash order's AZN is what it costs at the rate of the day its payment is
   * received (`total_azn` if paid today); `placement`, a credit order's is fixed now, when its
   * credit is drawn.
   */
  azn_fixed_at: z.enum(['placement', 'payment']),
  /** the dealer's credit (USD, VAT excluded); null when the buyer has none to draw on */
  credit: z
    .object({
      limit: z.string(),
      remaining: z.string(),
      /** what remains after this order: less the order on credit, the same for cash */
      remaining_after: z.string(),
    })
    .nullable(),
  /**
   * Opaque: what this review charges (lines, quantities, way of paying, unit prices and totals
   * in USD and AZN, the rate and its day, VAT and surcharge). Send it back with POST
   * /api/checkout to be charged exactly this review.
   */
  quote: z.string(),
});
export type CheckoutPreview = z.infer<typeof checkoutPreviewSchema>;

/** `data` of 409 PRICE_CHANGED: the review now (with its own quote) and what changed, old → new. */
export type PriceChangedData = { review: CheckoutPreview; changes: QuoteChange[] };

export const orderListQuerySchema = paginationQuerySchema.extend({
  id: idTextSchema.optional(),
  sku: z.string().trim().min(1).max(64).optional(),
  product: z.string().trim().min(1).max(100).optional(),
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
  status: z
    .enum(ORDER_DISPLAY_STATUSES)
    .optional()
    .describe(
      'The status the screens show (`display_status`): `completed` finds completed orders with nothing returned; `partly_returned` and `returned` those with some or all items returned',
    ),
  sell_type: sellTypeQuerySchema.optional(),
  /** admins: only orders with an item waiting for keys */
  waiting: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
/**
 * GET /api/orders/export: the list's filters, the file format, and the layout: one row per
 * order (the default) or, with `detail=items`, one row per order line (with the keys of the
 * viewer's own purchases).
 */
export const orderExportQuerySchema = orderListQuerySchema
  .omit({ page: true, perPage: true })
  .extend({
    format: z.enum(['xlsx', 'csv']).default('xlsx'),
    detail: z.enum(['orders', 'items']).default('orders'),
  });
export type OrderExportQuery = z.input<typeof orderExportQuerySchema>;

export const orderSummarySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  status: orderStatusSchema,
  sell_type: sellTypeSchema,
  buyer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  dealer: z.object({ id: z.number().int(), name: z.string() }),
  items_count: z.number().int(),
  quantity: z.number().int(),
  total_usd: z.string(),
  total_azn: z.string(),
  /** items still waiting for keys */
  waiting_items: z.number().int(),
  credit_settled: z.boolean(),
  returned_quantity: z
    .number()
    .int()
    .describe(
      'Licences of the items returned (approved returns, withdrawn Adobe items); `status` stays as stored',
    ),
  returned_usd: z.string().describe('What the returned items cost, USD excluding VAT'),
  returned_azn: z.string().describe('What the returned items cost, AZN including VAT'),
  display_status: z
    .enum(ORDER_DISPLAY_STATUSES)
    .describe(
      'What the screens call the order: `status`, except a completed order with every item returned is `returned` and one with some returned `partly_returned`',
    ),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const licenceKeySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  status: z.enum(['allocated', 'revoked']),
  delivered_at: z.string(),
  activated_at: z.string().nullable(),
  activated_by: z.string().nullable(),
  activated_for: z.string().nullable(),
});
export type LicenceKey = z.infer<typeof licenceKeySchema>;

export const orderItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  FullTitle: z.string(),
  provider_id: z.number().int(),
  is_returnable: z.boolean(),
  quantity: z.number().int(),
  unit_usd: z.string(),
  total_usd: z.string(),
  total_azn: z.string(),
  status: itemStatusSchema,
  delivered: z.number().int(),
  keys: z.array(licenceKeySchema),
  /** the last return request of the item, if any */
  return_request: z
    .object({
      id: z.number().int(),
      status: returnStatusSchema,
      reason: z.string(),
      requested_at: z.string(),
      decided_at: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
  /** until when the buyer may ask to return it; null when not returnable (any more) */
  returnable_until: z.string().nullable(),
  /** Adobe items (provider 3): the customer and what the provider answered */
  adobe: adobeOrderInfoSchema.nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  item_id: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string(),
  /** who made the change; null for the system (key delivery) */
  by: z.string().nullable(),
  note: z.string().nullable(),
});

/**
 * A movement of the order's money (issue 29): `paid` (cash, confirmed by an admin),
 * `credit_drawn` (a credit order placed), `settled` (the dealer paid a credit order),
 * `credit_restored` (a refund back onto the dealer's credit), `refunded` (money given back to
 * whoever paid). `amount_usd` is without VAT, `amount_azn` with VAT (and a credit surcharge),
 * as the order's own totals.
 */
export const moneyMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MONEY_MOVEMENT_KINDS),
  amount_usd: z.string(),
  amount_azn: z.string(),
  at: z.string(),
  /** the item refunded (a return, a withdrawn Adobe item); null for the whole order */
  item_id: z.number().int().nullable(),
  /** who moved it; null for the system */
  actor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type MoneyMovementEntry = z.infer<typeof moneyMovementSchema>;

/**
 * What the order still owes by its money trail (`moneyOwed` of orders.rules.ts): positive while
 * a cash payment or a credit settlement is due, negative when money is owed back, zero when
 * nothing is left to move.
 */
export const orderMoneySchema = z.object({ usd: z.string(), azn: z.string() });

/** What the caller may do with the order now (the server checks again on every action). */
export const orderActionsSchema = z.object({
  confirm_payment: z.boolean(),
  cancel: z.boolean(),
  settle_credit: z.boolean(),
  deliver_manually: z.boolean(),
  withdraw_refused: z.boolean(),
  decide_returns: z.boolean(),
  request_return: z.boolean(),
  activate_keys: z.boolean(),
  send_keys: z.boolean(),
});
export type OrderActions = z.infer<typeof orderActionsSchema>;

/**
 * What a cash order awaiting payment costs in AZN if its payment is received today: the
 * amounts at the bank's rate in force today (Baku), VAT included.
 */
export const paymentDueSchema = z.object({
  rate: z.string(),
  rate_date: z.string(),
  total_azn: z.string(),
});
export type PaymentDue = z.infer<typeof paymentDueSchema>;

export const orderDetailSchema = orderSummarySchema.extend({
  rate: z.string(),
  /** the Baku day of `rate`; null only for orders placed without a rate */
  rate_date: z.string().nullable(),
  /**
   * false while a cash order awaits payment: its AZN amounts are then those of `rate_date`
   * and become those of the payment's day when the payment is confirmed (issue 31)
   */
  azn_fixed: z.boolean(),
  /** a cash order awaiting payment: what it costs if paid today; null otherwise */
  payment_due: paymentDueSchema.nullable(),
  vat_percent: z.string(),
  vat_usd: z.string(),
  surcharge_percent: z.string(),
  refunded_usd: z.string(),
  refunded_azn: z.string(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  credit_settled_at: z.string().nullable(),
  items: z.array(orderItemSchema),
  history: z.array(orderHistoryEntrySchema),
  actions: orderActionsSchema,
  /** every movement of the order's money, oldest first (invariant 10) */
  money_trail: z.array(moneyMovementSchema),
  money_owed: orderMoneySchema,
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * POST /api/checkout's answer: the order as placed. A replay answers what the first request
 * answered, byte for byte, and answers kept before the money trail (issue 29) have none.
 */
export const placedOrderSchema = orderDetailSchema.extend({
  money_trail: orderDetailSchema.shape.money_trail.optional(),
  money_owed: orderMoneySchema.optional(),
  rate_date: orderDetailSchema.shape.rate_date.optional(),
  azn_fixed: orderDetailSchema.shape.azn_fixed.optional(),
  payment_due: orderDetailSchema.shape.payment_due.optional(),
});

export const orderIdParamsSchema = z.object({
  id: idTextSchema,
});
export const orderItemParamsSchema = orderIdParamsSchema.extend({
  itemId: idTextSchema,
});
export const orderKeyParamsSchema = orderIdParamsSchema.extend({
  keyId: idTextSchema,
});

/** GET /api/orders/{id}/keys: the order's delivered keys as a CSV or a plain text file. */
export const orderKeysFileQuerySchema = z.object({
  format: z.enum(['csv', 'txt']).default('csv'),
});
export type OrderKeysFileFormat = z.infer<typeof orderKeysFileQuerySchema>['format'];

export const orderNoteSchema = z.object({ note: z.string().trim().max(500).optional() });

/**
 * POST /api/orders/{id}/confirm-payment: the note, and the AZN amount the admin saw as due
 * (`payment_due.total_azn` of the order page). With it the payment is confirmed only at that
 * amount, else 409 AMOUNT_CHANGED; without it, at the amount of the moment.
 */
export const confirmPaymentSchema = orderNoteSchema.extend({
  total_azn: z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'a decimal amount with at most 2 decimals')
    .optional(),
});

/** Keys an admin types for a vendor-delivered (provider 2) item: one per line. */
export const manualDeliveryInputSchema = z.object({
  keys: z.array(z.string().trim().min(1).max(500)).min(1).max(10_000),
});

export const sendKeysInputSchema = z.object({
  /** another address; the buyer's own when left out */
  email: z.email().max(254).optional(),
});
export const activateKeyInputSchema = z.object({
  end_customer: z.string().trim().min(1).max(200),
});
export const returnRequestInputSchema = z.object({
  reason: z.string().trim().min(3).max(1000),
});
export const returnDecisionInputSchema = z.object({
  approve: z.boolean(),
  note: z.string().trim().max(500).optional(),
});

// Key stock
export const keyStockSchema = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  FullTitle: z.string(),
  provider_id: z.number().int(),
  available: z.number().int(),
  allocated: z.number().int(),
  revoked: z.number().int(),
  /** licences ordered and paid but not yet delivered */
  waiting: z.number().int(),
  /** fewer available keys than this is low: the badge, and one mail to the admins per fall */
  low_stock_threshold: z.number().int(),
  low: z.boolean(),
});
export type KeyStock = z.infer<typeof keyStockSchema>;

/** A product's low-stock threshold: 0 (never low) to 1,000,000 keys. */
export const lowStockThresholdSchema = z.number().int().min(0).max(1_000_000);

/** PUT /api/keys/stock/{productId}: the product's low-stock threshold, edited on Key stock. */
export const keyThresholdInputSchema = z.object({ low_stock_threshold: lowStockThresholdSchema });
export type KeyThresholdInput = z.infer<typeof keyThresholdInputSchema>;
export const keyThresholdSchema = keyThresholdInputSchema.extend({
  product_id: z.number().int(),
  low: z.boolean(),
});

/** Where an imported key already is: `available` in stock, `allocated` delivered, `revoked` returned. */
export const KEY_STATES = ['available', 'allocated', 'revoked'] as const;
export const keyStateSchema = z.enum(KEY_STATES);

/** Where keys come from: a CSV, text or xlsx file, or text pasted into the dialog. */
export const KEY_IMPORT_SOURCES = ['file', 'paste'] as const;
export const keyStockQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  low: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const keyImportReportSchema = z.object({
  product_id: z.number().int(),
  /** a preview stores nothing: `added` is what the import would add */
  preview: z.boolean(),
  source: z.enum(KEY_IMPORT_SOURCES),
  lines: z.number().int(),
  added: z.number().int(),
  /** lines repeating an earlier line of the same file or text */
  duplicates: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** only the first 100 invalid lines are listed */
  invalid_count: z.number().int(),
  /**
   * Lines refused because their key is already in the pool, of any product and in any state
   * (invariant 8): the line, the key, the product that has it and its state. First 100 listed.
   */
  existing: z.array(
    z.object({ line: z.number().int(), key: z.string(), sku: z.string(), status: keyStateSchema }),
  ),
  existing_count: z.number().int(),
  available: z.number().int(),
});
export type KeyImportReport = z.infer<typeof keyImportReportSchema>;

export const orderSettingsSchema = z.object({
  return_window_days: z.number().int().min(0).max(365),
});
export type OrderSettings = z.infer<typeof orderSettingsSchema>;

/** An item past the 3-minute delivery promise (admins' alert). */
export const lateDeliverySchema = z.object({
  order_id: z.number().int(),
  item_id: z.number().int(),
  sku: z.string(),
  FullTitle: z.string(),
  quantity: z.number().int(),
  delivered: z.number().int(),
  paid_at: z.string(),
});
export type LateDelivery = z.infer<typeof lateDeliverySchema>;
export const sendKeysResultSchema = z.object({ to: z.string() });
export type SendKeysResult = z.infer<typeof sendKeysResultSchema>;

/** Why a line of an order could not go into the basket again. */
export const REORDER_SKIP_REASONS = [
  /** the product is no longer sold */
  'not_sold',
  /** the basket already holds its most lines */
  'basket_lines',
  /** the line would hold more licences than a basket line may */
  'line_quantity',
  /** an Adobe product, and this buyer cannot buy Adobe */
  'adobe_not_allowed',
] as const;
export type ReorderSkipReason = (typeof REORDER_SKIP_REASONS)[number];

const reorderLineSchema = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  FullTitle: z.string(),
  quantity: z.number().int(),
});

/** POST /api/orders/{id}/reorder: what went into the basket, what did not, and Adobe to price. */
export const reorderResultSchema = z.object({
  /** the way of paying the lines were added for: the order's own when still allowed */
  sell_type: sellTypeSchema,
  /** key-stock lines added, each at today's price for this buyer (USD, VAT excluded) */
  added: z.array(reorderLineSchema.extend({ unit_usd: z.string() })),
  skipped: z.array(reorderLineSchema.extend({ reason: z.enum(REORDER_SKIP_REASONS) })),
  /**
   * Adobe lines: priced per customer by Adobe, so each needs a new price request for the same
   * customer (the portal's id; null when it is no longer the buyer's) and quantity
   */
  adobe: z.array(
    reorderLineSchema.extend({
      customer_id: z.number().int().nullable(),
      three_year_commitment: z.boolean(),
    }),
  ),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;
