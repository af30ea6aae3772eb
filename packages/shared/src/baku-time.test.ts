import { describe, expect, it } from 'vitest';
import {
  BAKU_FIXED_OFFSET_SINCE,
  BUSINESS_TIME_ZONE,
  bakuDate,
  bakuWallClock,
  formatBakuTimestamp,
  fromBakuWallClock,
} from './baku-time';

/** The time zone data's reading of a moment, the oracle the arithmetic is checked against. */
const zoneData = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const fromZoneData = (moment: number) => {
  const parts = Object.fromEntries(
    zoneData.formatToParts(new Date(moment)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};
const HOUR = 60 * 60 * 1000;

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

  it("reads every moment as the time zone data does, across Baku's last summer times and until 2100", () => {
    // every 25 hours and 7 minutes: each hour of the day comes round, minutes and seconds vary
    const differ: string[] = [];
    for (
      let moment = Date.UTC(2010, 0, 1);
      moment < Date.UTC(2100, 0, 1);
      moment += 25 * HOUR + 7 * 60_000 + 13_000
    ) {
      const shown = formatBakuTimestamp(new Date(moment));
      if (shown !== fromZoneData(moment))
        differ.push(`${new Date(moment).toISOString()}: ${shown}`);
    }
    // the hours around the last change (summer time ended at 05:00, back to 04:00)
    for (
      let moment = BAKU_FIXED_OFFSET_SINCE - 3 * HOUR;
      moment <= BAKU_FIXED_OFFSET_SINCE + 3 * HOUR;
      moment += 15 * 60_000
    ) {
      const shown = formatBakuTimestamp(new Date(moment));
      if (shown !== fromZoneData(moment))
        differ.push(`${new Date(moment).toISOString()}: ${shown}`);
    }
    expect(differ).toEqual([]);
    // summer time in 2015 is read from the zone data: five hours ahead
    expect(formatBakuTimestamp('2015-07-01T12:00:00Z')).toBe('2015-07-01 17:00:00');
    expect(formatBakuTimestamp(new Date(BAKU_FIXED_OFFSET_SINCE - 1000))).toBe(
      '2015-10-25 04:59:59',
    );
    expect(formatBakuTimestamp(new Date(BAKU_FIXED_OFFSET_SINCE))).toBe('2015-10-25 04:00:00');
  });

  it('reads the last moment a Date holds, whose Baku clock is past it', () => {
    expect(formatBakuTimestamp(new Date(8.64e15))).toBe('275760-09-13 04:00:00');
    expect(formatBakuTimestamp(new Date(8.64e15 - 4 * HOUR - 1000))).toBe('275760-09-12 23:59:59');
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
