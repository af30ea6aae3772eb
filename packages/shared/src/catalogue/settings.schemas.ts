import { z } from 'zod';
import { paginationQuerySchema } from '../api';
import { calendarDateSchema, idSchema, idTextSchema } from '../bounds';
import { lowStockThresholdSchema } from '../orders/orders.schemas';
import { compareMoney, isMoney, parseDecimal, RATE_SCALE } from '../shop/money';
import {
  localizedAttribute,
  localizedName,
  localizedText,
  MARKUP_PERCENT_MAX,
  nonNegativeMoney,
  percentString,
  percentUpTo,
  providerIds,
  SURCHARGE_PERCENT_MAX,
  VAT_PERCENT_MAX,
} from './catalogue.schemas';

/** List query of every settings table: search, sort column, direction, page. */
export const settingsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type SettingsListQuery = z.infer<typeof settingsListQuerySchema>;
/** GET /api/settings/products: the settings list, optionally of one category. */
export const productSettingsQuerySchema = settingsListQuerySchema.extend({
  category_id: idTextSchema.optional(),
});

// Countries
export const countryInputSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'two letters (ISO 3166-1 alpha-2)'),
  name: localizedName,
});
export type CountryInput = z.infer<typeof countryInputSchema>;
export const countrySchema = countryInputSchema.extend({
  id: z.number().int(),
  users_count: z.number().int(),
});
export type Country = z.infer<typeof countrySchema>;

// Categories
export const categoryInputSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lower-case letters, digits and dashes')
    .max(80),
  name: localizedName,
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export const categorySettingsSchema = categoryInputSchema.extend({
  id: z.number().int(),
  products_count: z.number().int(),
});
export type CategorySettings = z.infer<typeof categorySettingsSchema>;

// Products
export const productInputSchema = z.object({
  sku: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._/-]+$/, 'letters, digits and . _ / -'),
  title: localizedName,
  description: localizedText(10_000),
  requirements: localizedText(10_000),
  installation: localizedText(10_000),
  category_id: idSchema,
  provider_id: z.union(
    providerIds.map((id) => z.literal(id)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>],
  ),
  dealer_price: nonNegativeMoney,
  unit_price: nonNegativeMoney,
  royalty: nonNegativeMoney,
  bonus: nonNegativeMoney,
  points: z.number().int().min(0).max(1_000_000),
  /** in each language, English required once any is given (the others fall back to it) */
  delivery_time: localizedAttribute(200),
  operating_systems: localizedAttribute(500),
  licence_type: localizedAttribute(200),
  users_count: z.number().int().min(1).max(1_000_000).nullable(),
  devices_count: z.number().int().min(1).max(1_000_000).nullable(),
  is_returnable: z.boolean(),
  is_active: z.boolean(),
  /**
   * Key stock: fewer available keys than this is low (badge and one mail per fall; 0: never).
   * Edited on Key stock; left out, a new product takes the default and an update keeps it.
   */
  low_stock_threshold: lowStockThresholdSchema.optional(),
});
export type ProductInput = z.infer<typeof productInputSchema>;
export const productSettingsSchema = productInputSchema.extend({
  id: z.number().int(),
  low_stock_threshold: z.number().int(),
  image_url: z.string().nullable(),
  category: z.string(),
  updated_at: z.string(),
});
export type ProductSettings = z.infer<typeof productSettingsSchema>;

// Markup groups (a percent per group, optionally per category)
export const markupGroupInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  percent: percentString,
  categories: z
    .array(z.object({ category_id: idSchema, percent: percentString }))
    .max(500)
    .default([]),
});
export type MarkupGroupInput = z.infer<typeof markupGroupInputSchema>;
export const markupGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  percent: z.string(),
  categories: z.array(z.object({ category_id: z.number().int(), percent: z.string() })),
  dealers_count: z.number().int(),
});
export type MarkupGroup = z.infer<typeof markupGroupSchema>;

// Exchange rates (bank USD→AZN by date) and pricing settings
/** Every AZN-per-USD rate, entered or imported: 0.0001 to 1,000 (invariant 6). */
export const RATE_MIN = '0.0001';
export const RATE_MAX = '1000';
export const isRate = (value: string) => {
  try {
    const rate = parseDecimal(value, RATE_SCALE);
    return rate >= parseDecimal(RATE_MIN, RATE_SCALE) && rate <= parseDecimal(RATE_MAX, RATE_SCALE);
  } catch {
    return false;
  }
};
/** The reason an admin gives for changing a day's stored rate: 3 to 500 characters. */
export const RATE_REASON_MAX = 500;
export const rateChangeReasonSchema = z.string().trim().min(3).max(RATE_REASON_MAX);
/** The answer's message when a day's rate would change without a reason (data.field: reason). */
export const RATE_REASON_REQUIRED =
  'This day already has a rate: changing it needs a reason (3 to 500 characters).';
export const exchangeRateInputSchema = z.object({
  date: calendarDateSchema,
  rate: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,4})?$/, 'AZN per 1 USD with up to 4 decimals')
    .refine((v) => isRate(v), `must be from ${RATE_MIN} to ${RATE_MAX}`),
  /** why a day's stored rate is changed: required then (audited with the before and after) */
  reason: rateChangeReasonSchema.optional(),
});
export type ExchangeRateInput = z.infer<typeof exchangeRateInputSchema>;
/** DELETE /api/settings/exchange-rates/{id}: a stored day's rate goes only with a reason (audited). */
export const exchangeRateDeleteQuerySchema = z.object({ reason: rateChangeReasonSchema });
export const exchangeRateSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  rate: z.string(),
  source: z.enum(['manual', 'cbar']),
  created_at: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
export const rateImportResultSchema = z.object({
  date: z.string(),
  rate: z.string(),
  /** the day had another rate, now replaced (with the reason given) */
  replaced: z.boolean(),
  /** the day's rate before: null when the day had none */
  previous: z.string().nullable(),
});
export type RateImportResult = z.infer<typeof rateImportResultSchema>;

/** What importing a file would do, shown before the admin confirms it. */
export const rateImportPreviewSchema = z.object({
  date: z.string(),
  rate: z.string(),
  /** the day's stored rate and where it came from; null: the day has none */
  current: z.object({ rate: z.string(), source: z.enum(['manual', 'cbar']) }).nullable(),
  /** new day; a change of the stored rate (needs a reason); the same rate (nothing to do) */
  change: z.enum(['new', 'change', 'same']),
});
export type RateImportPreview = z.infer<typeof rateImportPreviewSchema>;

/** The outcome of the central bank feed's last try of a day. */
export const RATE_FEED_OUTCOMES = [
  'ok',
  'present',
  'no_file',
  'wrong_day',
  'malformed',
  'unreachable',
] as const;
export type RateFeedOutcome = (typeof RATE_FEED_OUTCOMES)[number];
export const rateFeedSchema = z.object({
  /** the Baku day the feed asked for */
  date: z.string(),
  tries: z.number().int(),
  last_try_at: z.string(),
  outcome: z.enum(RATE_FEED_OUTCOMES),
  message: z.string(),
  /** when it tries again; null: it stopped (the rate is in, or the day ended) */
  next_try_at: z.string().nullable(),
});
export type RateFeed = z.infer<typeof rateFeedSchema>;

/** Whether today's (Baku) rate is in, and which rate prices use meanwhile. */
export const rateStatusSchema = z.object({
  /** today in Baku, YYYY-MM-DD */
  today: z.string(),
  /** the rate AZN prices use now: today's, else the newest earlier one; null when none */
  in_use: z.object({ date: z.string(), rate: z.string() }).nullable(),
  /** no rate for today and it is past noon in Baku: admins were mailed */
  overdue: z.boolean(),
  /** the central bank's daily fetch is on (CBAR_RATES_URL is not `off`) */
  fetch_enabled: z.boolean(),
  /** the feed's newest day of tries; null before its first */
  feed: rateFeedSchema.nullable(),
});
export type RateStatus = z.infer<typeof rateStatusSchema>;

export const pricingSettingsSchema = z.object({
  vat_percent: percentUpTo(VAT_PERCENT_MAX),
  credit_surcharge_percent: percentUpTo(SURCHARGE_PERCENT_MAX),
});
export type PricingSettings = z.infer<typeof pricingSettingsSchema>;

// Dealer: own prices per product, user groups
/** GET /api/dealer/product-prices: a page of the products, optionally searched. */
export const dealerProductPriceQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});
export const dealerProductPriceSchema = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  FullTitle: z.string(),
  /** what the dealer pays (USD, VAT excluded) */
  dealer_cost: z.string(),
  unit_price: z.string(),
  mode: z.enum(['price', 'markup']).nullable(),
  value: z.string().nullable(),
  /** what the dealer's users without a group pay */
  user_price: z.string(),
});
export type DealerProductPrice = z.infer<typeof dealerProductPriceSchema>;
export const dealerProductPriceInputSchema = z
  .object({
    mode: z.enum(['price', 'markup']),
    value: nonNegativeMoney,
  })
  .refine(
    (v) =>
      v.mode !== 'markup' ||
      !isMoney(v.value) ||
      compareMoney(v.value, String(MARKUP_PERCENT_MAX)) <= 0,
    { path: ['value'], message: `a markup must be at most ${MARKUP_PERCENT_MAX}` },
  );
export type DealerProductPriceInput = z.infer<typeof dealerProductPriceInputSchema>;

export const userGroupInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  markup_percent: percentString,
  user_ids: z.array(z.number().int().positive()).max(10_000).default([]),
});
export type UserGroupInput = z.infer<typeof userGroupInputSchema>;
export const userGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  markup_percent: z.string(),
  user_ids: z.array(z.number().int()),
});
export type UserGroup = z.infer<typeof userGroupSchema>;
/** The dealer's own end users, to put them into groups. */
export const dealerUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  user_group_id: z.number().int().nullable(),
});
export type DealerUser = z.infer<typeof dealerUserSchema>;
