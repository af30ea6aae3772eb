import { z } from 'zod';
import { adobeLineInfoSchema } from '../adobe/adobe.schemas';
import { idTextSchema } from '../bounds';
import { MAX_LINE_QUANTITY, MIN_QUANTITY } from '../constants';
import { sellTypeSchema } from '../shop/sell-type.schemas';

/** Spec 7: GET /api/basket/add/{productId}/{quantity}/{sellType}. Quantity digits only, at least 1. */
/** Spec 3 sell type in a path: '1' cash, '2' credit. */
const sellTypeParam = z.enum(['1', '2']).transform(Number).pipe(sellTypeSchema);

export const basketAddParamsSchema = z.object({
  productId: idTextSchema,
  quantity: z
    .string()
    .regex(/^\d{1,6}$/, 'quantity must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(MIN_QUANTITY).max(MAX_LINE_QUANTITY))
    // the document states the bounds the pipe checks, not six digits (issue 34)
    .meta({
      type: 'integer',
      minimum: MIN_QUANTITY,
      maximum: MAX_LINE_QUANTITY,
      pattern: undefined,
    }),
  sellType: sellTypeParam,
});

/** POST /api/basket/sell-type/{sellType}: every line to one way of paying. */
export const basketSellTypeParamsSchema = z.object({ sellType: sellTypeParam });

/** Spec 7: GET /api/basket/remove/{itemId}/{count}; count defaults to 1. */

export const basketRemoveParamsSchema = z.object({
  itemId: idTextSchema,
  count: z
    .string()
    .regex(/^\d{1,6}$/, 'count must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional()
    .default(1),
});
/** GET /api/basket/remove/{itemId}: the same with its count left out (one). */
export const basketRemoveOneParamsSchema = basketRemoveParamsSchema.pick({ itemId: true });

export const basketItemSchema = z.object({
  /** the basket line's id (used by remove) */
  id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  FullTitle: z.string(),
  provider_id: z.number().int(),
  is_returnable: z.boolean(),
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  /** 1 cash, 2 credit */
  sell_type: z.number().int(),
  /** USD unit price, VAT excluded */
  Amount: z.string(),
  /** USD line total, VAT excluded */
  total_usd: z.string(),
  /** AZN line total incl. VAT at today's rate for its sell type */
  total_azn: z.string(),
  /** Adobe items: the quoted SKU, the customer and the commitment (null otherwise) */
  adobe: adobeLineInfoSchema.nullable(),
});
export type BasketItem = z.infer<typeof basketItemSchema>;

/** The lines of one way of paying: what its checkout would charge. */
export const basketSellTypeTotalSchema = z.object({
  /** 1 cash, 2 credit */
  sell_type: z.number().int(),
  quantity: z.number().int(),
  /** USD excl. VAT */
  total_usd: z.string(),
  /** AZN incl. VAT at today's rate for this way of paying */
  total_azn: z.string(),
});

/** Spec 3 Basket. Totals are exact decimal strings. */
export const basketSchema = z.object({
  products: z.array(basketItemSchema),
  totalQuantity: z.number().int(),
  /**
   * AZN incl. VAT at today's rate, every line (spec 3). Cash and credit lines are checked out
   * apart and priced apart (a credit line carries the surcharge): `by_sell_type` has the sum
   * each checkout would charge, which the web shows instead of this one figure.
   */
  totalAmount: z.string(),
  /** USD excl. VAT */
  totalUsdAmount: z.string(),
  /** one entry per way of paying the basket has lines of, cash first */
  by_sell_type: z.array(basketSellTypeTotalSchema),
  /** true when the basket has something to check out */
  form: z.boolean(),
  /** today's bank USD→AZN rate and VAT used for the AZN amounts */
  rate: z.string(),
  vat_percent: z.string(),
});
export type Basket = z.infer<typeof basketSchema>;
