import { z } from 'zod';
import { idTextSchema } from '../bounds';
import { nonNegativeMoney } from '../catalogue/catalogue.schemas';
import { sellTypeQuerySchema } from '../shop/sell-type.schemas';
import { MARKET_SEGMENTS } from './adobe.rules';

const text = (max: number) => z.string().trim().max(max);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{5,20}$/, 'digits, spaces, ( ) - and an optional leading +');

/** The portal's form for a new Adobe customer (VIP Marketplace company profile + contact). */
export const adobeCustomerInputSchema = z.object({
  company_name: z.string().trim().min(4).max(59),
  market_segment: z.enum(MARKET_SEGMENTS),
  preferred_language: z.enum(['en-US', 'ru-RU', 'az-AZ']).default('en-US'),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'two letters (ISO 3166-1 alpha-2)'),
  region: text(100),
  city: z.string().trim().min(1).max(100),
  address_line1: z.string().trim().min(1).max(100),
  address_line2: text(100).default(''),
  postal_code: z.string().trim().min(1).max(20),
  phone_number: phone,
  contact_first_name: z.string().trim().min(1).max(35),
  contact_last_name: z.string().trim().min(1).max(35),
  contact_email: z.email().max(100),
  contact_phone_number: phone,
});
export type AdobeCustomerInput = z.infer<typeof adobeCustomerInputSchema>;

/** Adobe's customer as its API returns it (the parts the portal reads). */
export const adobeCustomerSchema = z.object({
  customerId: z.string(),
  externalReferenceId: z.string().optional(),
  status: z.string().optional(),
  cotermDate: z.string().optional(),
  companyProfile: z.object({
    companyName: z.string(),
    preferredLanguage: z.string().optional(),
    marketSegment: z.enum(MARKET_SEGMENTS),
    address: z
      .object({
        country: z.string(),
        region: z.string().optional(),
        city: z.string().optional(),
        addressLine1: z.string().optional(),
        addressLine2: z.string().optional(),
        postalCode: z.string().optional(),
        phoneNumber: z.string().optional(),
      })
      .optional(),
    contacts: z
      .array(
        z.object({
          firstName: z.string(),
          lastName: z.string(),
          email: z.string(),
          phoneNumber: z.string().optional(),
        }),
      )
      .optional(),
  }),
  /** the customer's benefits, among them a three-year commitment (THREE_YEAR_COMMIT) */
  benefits: z
    .array(
      z.object({
        type: z.string(),
        commitment: z
          .object({
            startDate: z.string().optional(),
            endDate: z.string().optional(),
            status: z.string().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});
export type AdobeCustomer = z.infer<typeof adobeCustomerSchema>;

/** Spec 3: an item of GET /api/getAdobeCustomerList. */
export const adobeCustomerListItemSchema = z.object({
  id: z.number().int(),
  company_name: z.string(),
  customer: adobeCustomerSchema,
});
export type AdobeCustomerListItem = z.infer<typeof adobeCustomerListItemSchema>;

/** Spec 3: the payload of the price request and of POST /api/basket/add/adobe. */
/** The most licences one Adobe quote is asked for. */
export const ADOBE_MAX_QUANTITY = 10_000;

export const adobePriceRequestSchema = z.object({
  product_id: idTextSchema,
  /** the chosen price option's id (basket add); empty for a price request */
  adobe_selected_product_id: z
    .union([z.string().max(100), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v))),
  /** the portal id of the Adobe customer (the list item's id) */
  customer_id: idTextSchema,
  quantity: z.coerce.number().int().min(1).max(ADOBE_MAX_QUANTITY),
  treeYearCommitment: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    // the document says what the pipe accepts, not only its coerced input (issue 34)
    .meta({ type: 'integer', enum: [0, 1] }),
  /** not in the spec's payload: 1 cash, 2 credit (default) for the basket line */
  sell_type: sellTypeQuerySchema.optional(),
  /**
   * not in the spec's payload (basket add): the `Amount` of the chosen option the dealer was
   * shown. With it the line goes in only at that price, else 409 PRICE_CHANGED with Adobe's
   * options now; without it, at Adobe's price of the moment.
   */
  quoted_amount: nonNegativeMoney.optional(),
});
export type AdobePriceRequest = z.input<typeof adobePriceRequestSchema>;

/** Spec 3: a price option. Amount is the USD unit price (VAT excluded), total the line total. */
export const adobePriceOptionSchema = z.object({
  id: z.string(),
  Sku: z.string(),
  Amount: z.string(),
  Currency: z.string(),
  Additional_Detail: z.string(),
  /** days until the customer's anniversary date that the price is prorated to */
  days: z.number().int(),
  total: z.string(),
  FullTitle: z.string(),
});
export type AdobePriceOption = z.infer<typeof adobePriceOptionSchema>;

/** Spec 3 "segment product": what a market segment means for a product. */
export const segmentProductSchema = z.object({ Description: z.string() });

/**
 * What an Adobe line was quoted for, shown on the basket, checkout and order: the SKU of the
 * price option Adobe quoted (its volume or three-year commitment level, not the catalogue's
 * base SKU), the customer it is bought for, and whether it carries the three-year commitment.
 */
export const adobeLineInfoSchema = z.object({
  /** the quoted SKU (Adobe's offer id of the chosen price option) */
  sku: z.string(),
  customer_id: z.string(),
  company_name: z.string(),
  three_year_commitment: z.boolean(),
});
export type AdobeLineInfo = z.infer<typeof adobeLineInfoSchema>;

/** The Adobe part of an order item: what was quoted, and what the provider answered. */
export const adobeOrderInfoSchema = adobeLineInfoSchema.extend({
  order_id: z.string().nullable(),
  subscription_id: z.string().nullable(),
  status: z.string().nullable(),
  error: z.string().nullable(),
});

/** The path of one of the dealer's Adobe customers (the list item's id). */
export const adobeCustomerParamsSchema = z.object({ id: idTextSchema });

/** A subscription's state from Adobe's status code: 1000 active, 1002 pending, else inactive. */
export const ADOBE_SUBSCRIPTION_STATES = ['active', 'pending', 'inactive'] as const;

/** A three-year commitment as Adobe reports it on the customer (COMMITTED, EXPIRED, …). */
export const adobeCommitmentSchema = z.object({
  status: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type AdobeCommitment = z.infer<typeof adobeCommitmentSchema>;

/** An item of GET /api/adobe/customers/{id}/subscriptions: one subscription at Adobe. */
export const adobeSubscriptionSchema = z.object({
  subscription_id: z.string(),
  /** Adobe's offer id (the SKU with its level) */
  offer_id: z.string(),
  /** the catalogue's Adobe product of this offer, when it is sold: "Buy more" starts from it */
  product_id: z.number().int().nullable(),
  product_title: z.string().nullable(),
  /** licences now */
  quantity: z.number().int(),
  /** licences the renewal will be for */
  renewal_quantity: z.number().int(),
  state: z.enum(ADOBE_SUBSCRIPTION_STATES),
  /** Adobe's status code */
  status: z.string(),
  auto_renew: z.boolean(),
  created_at: z.string().nullable(),
  /** the renewal date: the customer's anniversary (coterm) date, YYYY-MM-DD */
  renewal_date: z.string(),
  /** the customer's three-year commitment, null without one */
  three_year_commitment: adobeCommitmentSchema.nullable(),
});
export type AdobeSubscription = z.infer<typeof adobeSubscriptionSchema>;
