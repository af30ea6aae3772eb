/** Pure rules of events, prizes and won prizes (shared by the server and the web app). */

export const EVENT_STATUSES = ['current', 'upcoming', 'past'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const WON_PRIZE_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type WonPrizeStatusName = (typeof WON_PRIZE_STATUSES)[number];

export const PRIZE_SOURCES = ['claim', 'rank'] as const;
export type PrizeSource = (typeof PRIZE_SOURCES)[number];

/** How many leaders an event page lists (the viewer's dealer is added when below them). */
export const LEADERBOARD_SIZE = 10;
/** Points a unit of an event product may earn, at most. */
export const MAX_EVENT_POINTS = 100_000;

/** Where an event stands at a moment: [starts_at, ends_at) is current. */
export const eventStatusAt = (
  event: { starts_at: string | Date; ends_at: string | Date },
  now: Date = new Date(),
): EventStatus => {
  const t = now.getTime();
  if (t < new Date(event.starts_at).getTime()) return 'upcoming';
  if (t >= new Date(event.ends_at).getTime()) return 'past';
  return 'current';
};

/**
 * Delivery of a won prize moves forward only: pending → shipped → delivered; pending or
 * shipped may be cancelled. Delivered and cancelled are final.
 */
export const nextWonPrizeStatuses = (from: WonPrizeStatusName): readonly WonPrizeStatusName[] => {
  switch (from) {
    case 'pending':
      return ['shipped', 'delivered', 'cancelled'];
    case 'shipped':
      return ['delivered', 'cancelled'];
    case 'delivered':
      return [];
    case 'cancelled':
      return [];
  }
};

export const canMoveWonPrize = (from: WonPrizeStatusName, to: WonPrizeStatusName): boolean =>
  nextWonPrizeStatuses(from).includes(to);

/** Why a dealer cannot claim a points prize now, or null when it can. */
export type ClaimRefusal =
  | 'not_started'
  | 'rank_prize'
  | 'out_of_stock'
  | 'already_claimed'
  | 'not_enough_points';

export const claimRefusal = (input: {
  eventStatus: EventStatus;
  pointsNeeded: number | null;
  stock: number;
  alreadyClaimed: boolean;
  balance: number;
}): ClaimRefusal | null => {
  if (input.eventStatus === 'upcoming') return 'not_started';
  if (input.pointsNeeded === null) return 'rank_prize';
  if (input.alreadyClaimed) return 'already_claimed';
  if (input.stock <= 0) return 'out_of_stock';
  if (input.balance < input.pointsNeeded) return 'not_enough_points';
  return null;
};

/** Share of the way to a prize, 0–100, for a progress bar. */
export const progressPercent = (balance: number, pointsNeeded: number): number =>
  pointsNeeded <= 0 ? 100 : Math.max(0, Math.min(100, Math.floor((balance * 100) / pointsNeeded)));
