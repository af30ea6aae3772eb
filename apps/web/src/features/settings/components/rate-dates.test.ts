import { describe, expect, it } from 'vitest';
import { formatAddedAt, formatRateDate, pickCurrentRate, todayIsoDate } from './rate-dates';

describe('rate dates', () => {
  it('shows ISO dates the way the central bank writes them', () => {
    expect(formatRateDate('2026-11-21')).toBe('21.11.2026');
    expect(formatRateDate('2026-01-05T00:00:00.000Z')).toBe('05.01.2026');
  });

  it('shows when a rate was added as DD.MM.YYYY HH:mm in local time', () => {
    const at = new Date(2026, 10, 22, 9, 5);
    expect(formatAddedAt(at.toISOString())).toBe('22.11.2026 09:05');
  });

  it('gives today as YYYY-MM-DD in local time', () => {
    expect(todayIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('picks the newest rate not after today', () => {
    const rates = [{ date: '2026-11-23' }, { date: '2026-11-22' }, { date: '2026-11-20' }];
    expect(pickCurrentRate(rates, '2026-11-22')).toEqual({ date: '2026-11-22' });
    expect(pickCurrentRate(rates, '2026-11-21')).toEqual({ date: '2026-11-20' });
    expect(pickCurrentRate(rates, '2026-11-01')).toBeNull();
  });
});
