import { THREE_YEAR_COMMITMENT_MIN_QUANTITY } from '../constants';

/** Spec 5: a three-year commitment only from a quantity of 10. */
export const canCommitThreeYears = (quantity: number) =>
  quantity >= THREE_YEAR_COMMITMENT_MIN_QUANTITY;

/** Spec 4: under 10 the commitment is reset to 0 (and its checkbox disabled). */
export const effectiveCommitment = (quantity: number, commitment: 0 | 1): 0 | 1 =>
  canCommitThreeYears(quantity) ? commitment : 0;

/**
 * Spec 4: one option is selected by itself; when the selected one is missing from the
 * options, the first is used.
 */
export const chosenOption = <T extends { id: string }>(
  options: readonly T[],
  selectedId: string | null | undefined,
): T | undefined => options.find((o) => o.id === selectedId) ?? options[0];

/** Adobe's volume discount levels by licence count (VIP Marketplace: 1–9, 10–49, 50–99, 100+). */
export const volumeLevel = (quantity: number) =>
  quantity >= 100 ? 4 : quantity >= 50 ? 3 : quantity >= 10 ? 2 : 1;

/** Commitment levels 12/13/14 for 10–49/50–99/100+ licences under a three-year commitment. */
export const commitmentLevel = (quantity: number) =>
  quantity >= 100 ? 14 : quantity >= 50 ? 13 : quantity >= 10 ? 12 : null;

/**
 * What Adobe counts when it prices a customer's next order (VIP Marketplace): the licences the
 * customer holds now (its active subscriptions) and whether it is under a three-year commitment
 * (its THREE_YEAR_COMMIT benefit COMMITTED). docs/domain/adobe.md#discount-levels cites the rules.
 */
export type AdobeStanding = { licences: number; committed: boolean };

/** A customer new to Adobe: no licences, no commitment. */
export const NEW_ADOBE_CUSTOMER: AdobeStanding = { licences: 0, committed: false };

/** Adobe's customer resource under a commitment: a THREE_YEAR_COMMIT benefit in status COMMITTED. */
export const isCommitted = (customer: {
  benefits?: { type: string; commitment?: { status?: string } }[];
}) =>
  (customer.benefits ?? []).some(
    (b) => b.type === 'THREE_YEAR_COMMIT' && b.commitment?.status === 'COMMITTED',
  );

/** A customer's standing from its subscriptions as Adobe lists them (the active ones count). */
export const standingOf = (
  subscriptions: readonly {
    state: string;
    quantity: number;
    three_year_commitment: { status: string } | null;
  }[],
): AdobeStanding => ({
  licences: subscriptions
    .filter((s) => s.state === 'active')
    .reduce((sum, s) => sum + s.quantity, 0),
  committed: subscriptions.some((s) => s.three_year_commitment?.status === 'COMMITTED'),
});

/**
 * The commitment an order is priced under: a committed customer's every order falls under its
 * commitment, whatever its size; otherwise spec 4/5 (a new commitment from 10 licences).
 */
export const orderCommitment = (
  standing: AdobeStanding,
  quantity: number,
  requested: 0 | 1,
): 0 | 1 => (standing.committed ? 1 : effectiveCommitment(quantity, requested));

/**
 * The discount level Adobe gives an order: the customer's licences and the order's counted
 * together (a renewal or "buy more" keeps the level the customer has reached; 10, 50 and 100
 * licences reach levels 2, 3 and 4), and under a three-year commitment (the customer's, or the
 * one this order starts) the commitment level of that count, 12 at the least.
 */
export const orderLevel = (standing: AdobeStanding, quantity: number, threeYear: boolean) => {
  const count = standing.licences + quantity;
  if (standing.committed || threeYear)
    return commitmentLevel(Math.max(count, THREE_YEAR_COMMITMENT_MIN_QUANTITY)) ?? 12;
  return volumeLevel(count);
};

/** An offer id at a level: 65304522CA01A12 at level 12 is 65304522CA12A12. */
export const levelOfferId = (offerId: string, level: number) =>
  offerId.replace(/CA\d\d/, `CA${String(level).padStart(2, '0')}`);

/**
 * The base (level 1) offer of an Adobe offer id: the volume or commitment level is its `CAnn`
 * part (65304522CA12A12 → 65304522CA01A12), and the catalogue sells the base offer's SKU.
 */
export const baseOfferId = (offerId: string) => offerId.replace(/CA\d\d/, 'CA01');

/** Days before a subscription's renewal (anniversary) date that its dealer is mailed. */
export const RENEWAL_REMINDER_DAYS = [30, 7] as const;
export type RenewalReminderDays = (typeof RENEWAL_REMINDER_DAYS)[number];

/**
 * Which reminder is due `daysLeft` days before a renewal: the nearest threshold the date is
 * within (7 from 7 days on, 30 from 30), none once it passed or while it is further away. A run
 * missed on the very day still mails the next day, and a later threshold never brings back an
 * earlier one.
 */
export const dueRenewalReminder = (daysLeft: number): RenewalReminderDays | null => {
  if (!Number.isInteger(daysLeft) || daysLeft < 0) return null;
  const within = RENEWAL_REMINDER_DAYS.filter((days) => daysLeft <= days);
  return within.length > 0 ? (Math.min(...within) as RenewalReminderDays) : null;
};

/** Whole calendar days from `from` to `to`, both `YYYY-MM-DD`. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const MARKET_SEGMENTS = ['COM', 'EDU', 'GOV'] as const;
export type MarketSegment = (typeof MARKET_SEGMENTS)[number];

/**
 * Adobe's Preview Order answers real-time partner prices prorated by whole days to the
 * customer's anniversary date, with no validity of their own: the day count, and so the price,
 * changes at midnight. A quote therefore holds for the UTC day it was made, and no longer.
 */
export const adobeQuoteExpiresAt = (pricedAt: Date) =>
  new Date(Date.UTC(pricedAt.getUTCFullYear(), pricedAt.getUTCMonth(), pricedAt.getUTCDate() + 1));

/** What an Adobe basket line holds of the quote that priced it. */
export type QuotedAdobeLine = {
  quantity: number;
  adobe: {
    unit_usd?: string;
    quantity?: number;
    three_year_commitment: boolean;
    /** the customer was under its own three-year commitment when priced (any quantity) */
    customer_committed?: boolean;
    priced_at?: string;
  } | null;
};

/**
 * Invariant 2, the price charged is the price quoted for exactly what is bought
 * (docs/invariants.md): why an Adobe line may not be bought as it stands, or null.
 * `quantity`: the line no longer holds the quoted quantity; `commitment`: a three-year
 * commitment under its minimum; `expired`: the quote's day is over; `unpriced`: no quote.
 */
export const adobeQuoteProblem = (
  line: QuotedAdobeLine,
  now: Date,
): 'unpriced' | 'quantity' | 'commitment' | 'expired' | null => {
  const quote = line.adobe;
  if (!quote?.unit_usd || !quote.priced_at) return 'unpriced';
  if (quote.quantity !== line.quantity) return 'quantity';
  if (
    quote.three_year_commitment &&
    !quote.customer_committed &&
    !canCommitThreeYears(line.quantity)
  )
    return 'commitment';
  const pricedAt = new Date(quote.priced_at);
  if (Number.isNaN(pricedAt.getTime()) || now >= adobeQuoteExpiresAt(pricedAt)) return 'expired';
  return null;
};
