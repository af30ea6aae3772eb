import { describe, expect, it } from 'vitest';
import { formatRateDate, pickCurrentRate, todayIsoDate } from './rate-dates';

describe('rate dates', () => {
  it('shows a rate date as the calendar day it names, in each language', () => {
    expect(formatRateDate('2026-11-21', 'az')).toBe('21.11.2026');
    expect(formatRateDate('2026-01-05T00:00:00.000Z', 'en')).toBe('5 Jan 2026');
  });

  it('gives today as YYYY-MM-DD in Baku', () => {
    // 21:30 UTC on 5 January is already 6 January in Baku
    expect(todayIsoDate(new Date('2026-01-05T21:30:00Z'))).toBe('2026-01-06');
    expect(todayIsoDate(new Date('2026-01-05T19:30:00Z'))).toBe('2026-01-05');
  });

  it('picks the newest rate not after today', () => {
    const rates = [{ date: '2026-11-23' }, { date: '2026-11-22' }, { date: '2026-11-20' }];
    expect(pickCurrentRate(rates, '2026-11-22')).toEqual({ date: '2026-11-22' });
    expect(pickCurrentRate(rates, '2026-11-21')).toEqual({ date: '2026-11-20' });
    expect(pickCurrentRate(rates, '2026-11-01')).toBeNull();
  });
});
