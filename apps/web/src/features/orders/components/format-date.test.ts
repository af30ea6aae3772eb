import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('order dates', () => {
  it('reads DD.MM.YYYY HH:mm in local time', () => {
    const local = new Date(2026, 10, 2, 9, 5).toISOString();
    expect(formatDateTime(local)).toBe('02.11.2026 09:05');
    expect(formatDate(local)).toBe('02.11.2026');
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
