import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, readRange } from './sales-range';

describe('[statistics] date range presets and the URL', () => {
  const today = '2026-11-19'; // a Thursday

  it('starts week presets on a Monday and counts whole periods up to today', () => {
    expect(presetRange('weeks4', today)).toEqual({ date_from: '2026-10-26', date_to: today });
    expect(presetRange('weeks12', today)).toEqual({ date_from: '2026-08-31', date_to: today });
    expect(presetRange('quarter', today)).toEqual({ date_from: '2026-10-01', date_to: today });
    expect(presetRange('year', today)).toEqual({ date_from: '2026-01-01', date_to: today });
    expect(presetRange('months12', today)).toEqual({ date_from: '2025-11-20', date_to: today });
  });

  it('reads a valid range from the URL and falls back to 12 weeks otherwise', () => {
    const read = (search: string) => readRange(new URLSearchParams(search), today);
    expect(read('date_from=2026-01-05&date_to=2026-02-01')).toEqual({
      date_from: '2026-01-05',
      date_to: '2026-02-01',
    });
    const fallback = presetRange('weeks12', today);
    expect(read('')).toEqual(fallback);
    expect(read('date_from=2026-02-01&date_to=2026-01-05')).toEqual(fallback);
    expect(read('date_from=2020-01-01&date_to=2026-01-05')).toEqual(fallback);
    expect(read('date_from=2026-02-30&date_to=2026-03-05')).toEqual(fallback);
    expect(presetOf(fallback, today)).toBe('weeks12');
  });
});
