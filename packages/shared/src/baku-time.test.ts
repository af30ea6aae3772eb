import { describe, expect, it } from 'vitest';
import { bakuDate, bakuWallClock, formatBakuTimestamp, fromBakuWallClock } from './baku-time';

describe('Baku time', () => {
  it("dates a moment by Baku's calendar, which turns four hours before UTC's", () => {
    expect(bakuDate(new Date('2026-11-25T19:59:59Z'))).toBe('2026-11-25');
    expect(bakuDate(new Date('2026-11-25T20:00:00Z'))).toBe('2026-11-26');
    expect(bakuDate(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01');
    expect(() => bakuDate(new Date('nope'))).toThrow(RangeError);
  });

  it('writes a moment as Baku wall-clock time, four hours ahead of UTC', () => {
    expect(formatBakuTimestamp('2026-11-25T10:05:09.123Z')).toBe('2026-11-25 14:05:09');
    expect(formatBakuTimestamp(new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01 01:30:00');
  });

  it('keeps midnight as 00, never 24', () => {
    expect(formatBakuTimestamp('2026-01-01T20:00:00Z')).toBe('2026-01-02 00:00:00');
    expect(bakuWallClock(new Date('2026-01-01T20:00:00Z'))?.hour).toBe('00');
  });

  it('returns what is not a date unchanged', () => {
    expect(formatBakuTimestamp('soon')).toBe('soon');
    expect(bakuWallClock(new Date('soon'))).toBeNull();
  });

  it('reads a Baku wall clock back as the moment it names', () => {
    expect(fromBakuWallClock('2026-11-25T14:05')?.toISOString()).toBe('2026-11-25T10:05:00.000Z');
    expect(fromBakuWallClock('2026-01-02T00:00')?.toISOString()).toBe('2026-01-01T20:00:00.000Z');
    expect(fromBakuWallClock('')).toBeNull();
    expect(fromBakuWallClock('25.11.2026')).toBeNull();
    expect(fromBakuWallClock('2026-13-01T10:00')).toBeNull();
    expect(fromBakuWallClock('2026-04-31T10:00')).toBeNull();
  });
});
