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
  if (quote.three_year_commitment && !canCommitThreeYears(line.quantity)) return 'commitment';
  const pricedAt = new Date(quote.priced_at);
  if (Number.isNaN(pricedAt.getTime()) || now >= adobeQuoteExpiresAt(pricedAt)) return 'expired';
  return null;
};
