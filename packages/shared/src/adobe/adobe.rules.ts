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

export const MARKET_SEGMENTS = ['COM', 'EDU', 'GOV'] as const;
export type MarketSegment = (typeof MARKET_SEGMENTS)[number];
