import { describe, expect, it } from 'vitest';
import {
  canMoveWonPrize,
  claimRefusal,
  eventStatusAt,
  nextWonPrizeStatuses,
  progressPercent,
  WON_PRIZE_STATUSES,
} from './events.rules';

describe('[events] rules', () => {
  const event = { starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-02-01T00:00:00Z' };

  it('places a moment before, inside or after the [start, end) window', () => {
    expect(eventStatusAt(event, new Date('2025-12-31T23:59:59Z'))).toBe('upcoming');
    expect(eventStatusAt(event, new Date('2026-01-01T00:00:00Z'))).toBe('current');
    expect(eventStatusAt(event, new Date('2026-01-31T23:59:59Z'))).toBe('current');
    expect(eventStatusAt(event, new Date('2026-02-01T00:00:00Z'))).toBe('past');
  });

  it('moves won prizes forward only, and never out of a final state', () => {
    expect(canMoveWonPrize('pending', 'shipped')).toBe(true);
    expect(canMoveWonPrize('shipped', 'delivered')).toBe(true);
    expect(canMoveWonPrize('shipped', 'pending')).toBe(false);
    expect(canMoveWonPrize('delivered', 'cancelled')).toBe(false);
    expect(nextWonPrizeStatuses('pending')).toEqual(['shipped', 'delivered', 'cancelled']);
    expect(nextWonPrizeStatuses('shipped')).toEqual(['delivered', 'cancelled']);
    expect(nextWonPrizeStatuses('delivered')).toEqual([]);
    expect(nextWonPrizeStatuses('cancelled')).toEqual([]);
    for (const status of WON_PRIZE_STATUSES) expect(canMoveWonPrize(status, status)).toBe(false);
  });

  it('names the first reason a claim is refused', () => {
    const base = {
      eventStatus: 'current' as const,
      pointsNeeded: 100,
      stock: 1,
      alreadyClaimed: false,
      balance: 100,
    };
    expect(claimRefusal(base)).toBeNull();
    expect(claimRefusal({ ...base, eventStatus: 'upcoming' })).toBe('not_started');
    expect(claimRefusal({ ...base, pointsNeeded: null })).toBe('rank_prize');
    expect(claimRefusal({ ...base, alreadyClaimed: true, stock: 0 })).toBe('already_claimed');
    expect(claimRefusal({ ...base, stock: 0 })).toBe('out_of_stock');
    expect(claimRefusal({ ...base, balance: 99 })).toBe('not_enough_points');
  });

  it('clamps progress to 0–100', () => {
    expect(progressPercent(50, 100)).toBe(50);
    expect(progressPercent(-20, 100)).toBe(0);
    expect(progressPercent(250, 100)).toBe(100);
  });

  it('rounds progress down and counts a prize needing no points as reached', () => {
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(99, 100)).toBe(99);
    expect(progressPercent(0, 0)).toBe(100);
    expect(progressPercent(5, -10)).toBe(100);
  });
});
