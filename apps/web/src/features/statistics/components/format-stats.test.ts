import { describe, expect, it } from 'vitest';
import { formatCompactUsd, formatMonth, sharePercent } from './format-stats';

describe('statistics formatting', () => {
  it('names a month in the reader language, whatever the local time zone', () => {
    expect(formatMonth('2026-01', 'en')).toBe('Jan 2026');
    expect(formatMonth('2026-12', 'en')).toBe('Dec 2026');
    expect(formatMonth('bad', 'en')).toBe('bad');
  });

  it('shortens axis amounts and rounds shares', () => {
    expect(formatCompactUsd(5000, 'en')).toBe('$5K');
    expect(sharePercent(2, 3)).toBe(67);
    expect(sharePercent(0, 0)).toBe(0);
  });
});
