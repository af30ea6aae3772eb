import { describe, expect, it } from 'vitest';
import { csvTimestamp, xlsxTimestamp } from './spreadsheet';

describe('spreadsheet date-times', () => {
  it('writes a CSV moment as Baku wall-clock time, not ISO UTC', () => {
    expect(csvTimestamp('2026-11-24T21:30:05.250Z')).toBe('2026-11-25 01:30:05');
    expect(csvTimestamp(new Date('2026-11-25T10:05:00Z'))).toBe('2026-11-25 14:05:00');
  });

  it('gives xlsx a date cell whose reading is the Baku clock', () => {
    expect(xlsxTimestamp('2026-11-24T21:30:05.250Z').toISOString()).toBe(
      '2026-11-25T01:30:05.250Z',
    );
  });
});
