import { z } from 'zod';
import { idTextSchema } from '../bounds';
import { compareMoney, isMoney } from '../shop/money';
import { productSorts } from './catalogue.constants';
import { hasEnglishIfAny } from './catalogue.rules';

/** The largest amount a money column (numeric(14, 2)) holds. */
export const MONEY_MAX = '999999999999.99';

/** A money or percent amount: a decimal string with at most 2 decimals, never a float. */
export const moneyString = z
  .string()
  .trim()
  .max(18)
  .refine(isMoney, 'must be a decimal amount with at most 2 decimals')
  .refine(
    (v) => !isMoney(v) || compareMoney(v.replace(/^-/, ''), MONEY_MAX) <= 0,
    `must be at most ${MONEY_MAX}`,
  );
export const nonNegativeMoney = moneyString.refine(
  (v) => !v.startsWith('-'),
  'must not be negative',
);

/** A percentage from 0 to `max` (invariant 6: bounded settings). */
export const percentUpTo = (max: number) =>
  nonNegativeMoney.refine(
    (v) => !isMoney(v) || compareMoney(v, String(max)) <= 0,
    `must be at most ${max}`,
  );
/** Every markup (admin groups, categories, dealers' own, user groups): 0 to 1,000 %. */
export const percentString = percentUpTo(1000);
export const MARKUP_PERCENT_MAX = 1000;
export const VAT_PERCENT_MAX = 50;
export const SURCHARGE_PERCENT_MAX = 100;

export const localizedText = (max: number) =>
  z.object({
    en: z.string().trim().max(max),
    ru: z.string().trim().max(max),
    az: z.string().trim().max(max),
  });
export const localizedName = z.object({
  en: z.string().trim().min(1).max(200),
  ru: z.string().trim().min(1).max(200),
  az: z.string().trim().min(1).max(200),
});
export type LocalizedName = z.infer<typeof localizedName>;
/**
 * A product attribute (licence type, delivery time, operating systems) in each language:
 * English whenever any is given; Russian or Azerbaijani left empty read as the English.
 */
export const localizedAttribute = (max: number) =>
  localizedText(max).refine(hasEnglishIfAny, {
    path: ['en'],
    message: 'English is required when another language is given',
  });

export {
  PROVIDER,
  type ProductSort,
  productSorts,
  providerIds,
} from './catalogue.constants';

export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  q: z.string().trim().max(100).optional(),
  category_id: idTextSchema.optional(),
  sort: z.enum(productSorts).default('title'),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** A product as the shop shows it; field names of spec 3 kept. Prices are what this viewer pays. */
export const productListItemSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  FullTitle: z.string(),
  Description: z.string(),
  /** USD, VAT excluded: the price this user pays */
  Amount: z.string(),
  /** AZN incl. VAT at today's bank rate, for users with need_azn_cash; otherwise null */
  cash: z.string().nullable(),
  /** AZN incl. VAT on credit, for users with need_azn_credit; otherwise null */
  credit: z.string().nullable(),
  provider_id: z.number().int(),
  is_returnable: z.boolean(),
  category_id: z.number().int(),
  category: z.string(),
  image_url: z.string().nullable(),
  /** in the reader's language (English where that language has none) */
  licence_type: z.string(),
  delivery_time: z.string(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

export const productDetailSchema = productListItemSchema.extend({
  requirements: z.string(),
  installation: z.string(),
  /** in the reader's language, as licence_type */
  operating_systems: z.string(),
  users_count: z.number().int().nullable(),
  devices_count: z.number().int().nullable(),
  points: z.number().int(),
  /** shown to admins only (null for others) */
  dealer_price: z.string().nullable(),
  unit_price: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  name_en: z.string(),
  name_ru: z.string(),
  name_az: z.string(),
  products_count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const idParamSchema = z.object({
  id: idTextSchema,
});
