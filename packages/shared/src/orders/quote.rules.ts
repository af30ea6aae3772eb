/**
 * The checkout's promise (invariant 2): the buyer is charged exactly the review it confirmed.
 * A review's quoted part is everything the buyer was shown that the order charges: the lines
 * (which, how many, at what unit price, their totals), the way of paying, the bank rate and its
 * day, VAT and the credit surcharge, and the totals. Placing an order compares the quote the
 * buyer confirmed with the review priced at that moment; any difference is a change to show.
 */

/** One line of a review as far as the order charges it. */
export type QuotedLine = {
  basket_item_id: number;
  product_id: number;
  sku: string;
  quantity: number;
  unit_usd: string;
  total_usd: string;
  total_azn: string;
  /** an Adobe line's quoted offer and commitment; null for other lines */
  adobe: { sku: string; customer_id: string; three_year_commitment: boolean } | null;
};

/** What a review quotes: the part of GET /api/checkout the order is charged by. */
export type QuotedReview = {
  sell_type: number;
  lines: QuotedLine[];
  total_usd: string;
  vat_percent: string;
  vat_usd: string;
  total_usd_with_vat: string;
  surcharge_percent: string;
  rate: string;
  rate_date: string | null;
  total_azn: string;
};

const LINE_FIELDS = ['quantity', 'unit_usd', 'total_usd', 'total_azn'] as const;
const REVIEW_FIELDS = [
  'sell_type',
  'rate',
  'rate_date',
  'vat_percent',
  'surcharge_percent',
  'total_usd',
  'vat_usd',
  'total_usd_with_vat',
  'total_azn',
] as const;

/** Names of what changed: a line's field, a whole line (`line`), or a field of the review. */
export type QuoteChangeField =
  | (typeof LINE_FIELDS)[number]
  | 'line'
  | 'adobe'
  | (typeof REVIEW_FIELDS)[number];

/**
 * One difference between the review the buyer saw and the review now, `before` → `after`.
 * A line's changes name its basket line and SKU; a line gone has `after` null, a new line
 * `before` null (both as quantities); the review's own fields have `sku` null.
 */
export type QuoteChange = {
  field: QuoteChangeField;
  basket_item_id: number | null;
  sku: string | null;
  before: string | null;
  after: string | null;
};

/** The quoted part of a review (extra fields such as titles, stock or credit are not quoted). */
export const quotedPart = (review: QuotedReview): QuotedReview => ({
  sell_type: review.sell_type,
  lines: review.lines.map((line) => ({
    basket_item_id: line.basket_item_id,
    product_id: line.product_id,
    sku: line.sku,
    quantity: line.quantity,
    unit_usd: line.unit_usd,
    total_usd: line.total_usd,
    total_azn: line.total_azn,
    adobe: line.adobe
      ? {
          sku: line.adobe.sku,
          customer_id: line.adobe.customer_id,
          three_year_commitment: line.adobe.three_year_commitment,
        }
      : null,
  })),
  total_usd: review.total_usd,
  vat_percent: review.vat_percent,
  vat_usd: review.vat_usd,
  total_usd_with_vat: review.total_usd_with_vat,
  surcharge_percent: review.surcharge_percent,
  rate: review.rate,
  rate_date: review.rate_date,
  total_azn: review.total_azn,
});

const text = (value: string | number | null) => (value === null ? null : String(value));

const adobeText = (adobe: QuotedLine['adobe']) =>
  adobe ? `${adobe.sku}:${adobe.customer_id}:${adobe.three_year_commitment ? 3 : 1}` : null;

/** A line's key: its basket line and product (a line re-added is another line). */
const lineKey = (line: QuotedLine) => `${line.basket_item_id}:${line.product_id}`;

/**
 * Every difference between the review the buyer confirmed (`before`) and the review now
 * (`after`), line by line in the order of `before` (new lines last), then the review's fields.
 * Empty exactly when the order would charge what the buyer saw.
 */
export const quoteChanges = (before: QuotedReview, after: QuotedReview): QuoteChange[] => {
  const changes: QuoteChange[] = [];
  const afterLines = new Map(after.lines.map((line) => [lineKey(line), line]));
  const beforeKeys = new Set(before.lines.map(lineKey));
  for (const old of before.lines) {
    const line = { basket_item_id: old.basket_item_id, sku: old.sku };
    const now = afterLines.get(lineKey(old));
    if (!now) {
      changes.push({ field: 'line', ...line, before: text(old.quantity), after: null });
      continue;
    }
    for (const field of LINE_FIELDS) {
      if (old[field] !== now[field]) {
        changes.push({ field, ...line, before: text(old[field]), after: text(now[field]) });
      }
    }
    if (adobeText(old.adobe) !== adobeText(now.adobe)) {
      changes.push({
        field: 'adobe',
        ...line,
        before: adobeText(old.adobe),
        after: adobeText(now.adobe),
      });
    }
  }
  for (const added of after.lines.filter((line) => !beforeKeys.has(lineKey(line)))) {
    changes.push({
      field: 'line',
      basket_item_id: added.basket_item_id,
      sku: added.sku,
      before: null,
      after: text(added.quantity),
    });
  }
  for (const field of REVIEW_FIELDS) {
    if (before[field] !== after[field]) {
      changes.push({
        field,
        basket_item_id: null,
        sku: null,
        before: text(before[field]),
        after: text(after[field]),
      });
    }
  }
  return changes;
};
