import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bakuToday,
  type DayRange,
  daysBetween,
  defaultRange,
  monthStart,
  nextMonthStart,
  quarterStart,
  weekStart,
  wholeMonths,
  wholeWeeks,
  yearOf,
  yearStart,
} from './statistics.dates';

const anyDay = fc
  .integer({ min: 0, max: daysBetween('2000-01-01', '2099-12-31') })
  .map((n) => addDays('2000-01-01', n));
const anyRange = fc
  .tuple(anyDay, fc.integer({ min: 0, max: 120 }))
  .map(([from, span]): DayRange => ({ date_from: from, date_to: addDays(from, span) }));
const daysOf = (range: DayRange) =>
  Array.from({ length: daysBetween(range.date_from, range.date_to) + 1 }, (_, i) =>
    addDays(range.date_from, i),
  );

describe('[statistics] calendar days', () => {
  it('moves and counts days across month, year and leap-day boundaries', () => {
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2023-01-01', '2024-01-01')).toBe(365);
    expect(daysBetween('2026-01-05', '2026-01-05')).toBe(0);
    expect(daysBetween('2026-01-05', '2026-01-01')).toBe(-4);
  });

  it('takes the day in Baku, which starts at 20:00 UTC the evening before', () => {
    expect(bakuToday(new Date('2025-12-31T19:59:59.999Z'))).toBe('2025-12-31');
    expect(bakuToday(new Date('2025-12-31T20:00:00.000Z'))).toBe('2026-01-01');
    expect(bakuToday(new Date('2024-02-28T20:00:00Z'))).toBe('2024-02-29');
    expect(bakuToday(new Date('2024-02-29T19:59:59Z'))).toBe('2024-02-29');
    // no daylight saving time in Baku: the same hour in summer and in winter
    expect(bakuToday(new Date('2026-07-14T19:59:59Z'))).toBe('2026-07-14');
    expect(bakuToday(new Date('2026-07-14T20:00:00Z'))).toBe('2026-07-15');
  });

  it('starts an ISO week on its Monday, also in week 53 across the new year', () => {
    expect(weekStart('2026-11-16')).toBe('2026-11-16'); // a Monday
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // its Sunday
    expect(weekStart('2021-01-03')).toBe('2020-12-28'); // 2020-W53
    expect(weekStart('2027-01-01')).toBe('2026-12-28'); // 2026-W53
    expect(weekStart('2025-01-01')).toBe('2024-12-30'); // 2025-W01 starts in 2024
    expect(weekStart('2024-02-29')).toBe('2024-02-26');
    expect(weekStart('2024-03-03')).toBe('2024-02-26');
  });

  it('gives the first day of a month, the next month, the quarter and the year', () => {
    expect(monthStart('2024-02-29')).toBe('2024-02-01');
    expect(nextMonthStart('2024-01-31')).toBe('2024-02-01');
    expect(nextMonthStart('2024-02-01')).toBe('2024-03-01');
    expect(nextMonthStart('2025-12-01')).toBe('2026-01-01');
    expect(nextMonthStart('2025-09-15')).toBe('2025-10-01');
    for (const [day, start] of [
      ['2026-01-01', '2026-01-01'],
      ['2026-03-31', '2026-01-01'],
      ['2026-04-01', '2026-04-01'],
      ['2026-11-19', '2026-10-01'],
      ['2026-12-31', '2026-10-01'],
    ])
      expect(quarterStart(day as string), day).toBe(start);
    expect(yearStart('2026-12-31')).toBe('2026-01-01');
    expect(yearOf('2026-12-31')).toBe(2026);
  });

  it('defaults to the 12 ISO weeks up to today, this one included', () => {
    expect(defaultRange('2026-11-19')).toEqual({ date_from: '2026-08-31', date_to: '2026-11-19' });
    expect(defaultRange('2026-11-16')).toEqual({ date_from: '2026-08-31', date_to: '2026-11-16' });
    expect(defaultRange('2021-01-03')).toEqual({ date_from: '2020-10-12', date_to: '2021-01-03' });
    expect(defaultRange('2024-03-01')).toEqual({ date_from: '2023-12-11', date_to: '2024-03-01' });
  });

  it('splits a range into whole weeks and the partial days around them', () => {
    expect(wholeWeeks({ date_from: '2024-01-01', date_to: '2024-01-14' })).toEqual({
      first: '2024-01-01',
      end: '2024-01-15',
    });
    expect(wholeWeeks({ date_from: '2020-12-30', date_to: '2021-01-10' })).toEqual({
      first: '2021-01-04',
      end: '2021-01-11',
    });
    expect(wholeWeeks({ date_from: '2020-12-28', date_to: '2021-01-03' })).toEqual({
      first: '2020-12-28',
      end: '2021-01-04',
    });
    // no whole week inside: every day is a partial one
    expect(wholeWeeks({ date_from: '2024-01-03', date_to: '2024-01-04' })).toEqual({
      first: '2024-01-08',
      end: '2024-01-01',
    });
  });

  it('splits a range into whole months and the partial days around them', () => {
    expect(wholeMonths({ date_from: '2024-02-01', date_to: '2024-02-29' })).toEqual({
      first: '2024-02-01',
      end: '2024-03-01',
    });
    expect(wholeMonths({ date_from: '2024-02-01', date_to: '2024-02-28' })).toEqual({
      first: '2024-02-01',
      end: '2024-02-01',
    });
    expect(wholeMonths({ date_from: '2024-12-15', date_to: '2025-01-31' })).toEqual({
      first: '2025-01-01',
      end: '2025-02-01',
    });
  });

  it('counts every day of a range once, in a whole week or as a partial day (property)', () => {
    fc.assert(
      fc.property(anyRange, (range) => {
        const { first, end } = wholeWeeks(range);
        for (const day of daysOf(range)) {
          const inWhole = first <= weekStart(day) && weekStart(day) < end;
          const partial = day < first || day >= end;
          expect(inWhole !== partial, day).toBe(true);
        }
        if (first < end) {
          expect(first >= range.date_from && addDays(end, -1) <= range.date_to).toBe(true);
          expect(weekStart(first)).toBe(first);
          expect(weekStart(end)).toBe(end);
        }
      }),
      { seed: 19, numRuns: 300 },
    );
  });

  it('counts every day of a range once, in a whole month or as a partial day (property)', () => {
    fc.assert(
      fc.property(anyRange, (range) => {
        const { first, end } = wholeMonths(range);
        for (const day of daysOf(range)) {
          const inWhole = first <= monthStart(day) && monthStart(day) < end;
          const partial = day < first || day >= end;
          expect(inWhole !== partial, day).toBe(true);
        }
        if (first < end)
          expect(first >= range.date_from && addDays(end, -1) <= range.date_to).toBe(true);
      }),
      { seed: 19, numRuns: 300 },
    );
  });

  it('starts every week on a Monday at most 6 days back (property)', () => {
    fc.assert(
      fc.property(anyDay, (day) => {
        const monday = weekStart(day);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(daysBetween(monday, day)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(monday, day)).toBeLessThanOrEqual(6);
      }),
      { seed: 19, numRuns: 300 },
    );
  });
});
