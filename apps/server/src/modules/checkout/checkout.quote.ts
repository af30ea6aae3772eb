import { type QuotedReview, quotedPart } from '@esd/shared/orders/quote.rules';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

/**
 * The `quote` of a checkout review: its quoted part (`quotedPart`) as base64url JSON behind a
 * version. Clients treat it as opaque. It needs no signature: an order is placed only when the
 * quote equals the review priced at that moment, so a forged quote can only be refused.
 */
const VERSION = 'q1.';

const money = z.string().max(32);
const quotedReviewSchema: z.ZodType<QuotedReview> = z.object({
  sell_type: z.number().int(),
  lines: z
    .array(
      z.object({
        basket_item_id: z.number().int(),
        product_id: z.number().int(),
        sku: z.string().max(200),
        quantity: z.number().int(),
        unit_usd: money,
        total_usd: money,
        total_azn: money,
        adobe: z
          .object({
            sku: z.string().max(200),
            customer_id: z.string().max(200),
            three_year_commitment: z.boolean(),
          })
          .nullable(),
      }),
    )
    .max(1000),
  total_usd: money,
  vat_percent: money,
  vat_usd: money,
  total_usd_with_vat: money,
  surcharge_percent: money,
  rate: money,
  rate_date: z.string().max(10).nullable(),
  total_azn: money,
});

export const encodeQuote = (review: QuotedReview) =>
  `${VERSION}${Buffer.from(JSON.stringify(quotedPart(review))).toString('base64url')}`;

/** The review a quote stands for; a quote this server did not give is refused with 400. */
export const decodeQuote = (quote: string): QuotedReview => {
  const refused = () =>
    new AppError(
      'VALIDATION_FAILED',
      'The quote is not one this server gave: open the checkout review again and confirm it.',
      { issues: [{ path: ['quote'], message: 'not a checkout review quote' }] },
    );
  if (!quote.startsWith(VERSION)) throw refused();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(quote.slice(VERSION.length), 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  const parsed = quotedReviewSchema.safeParse(json);
  if (!parsed.success) throw refused();
  return parsed.data;
};
