import { describe, expect, it } from 'vitest';
import { formatDate, fromLocalInput, toLocalInput } from './format';

describe('[events] date inputs', () => {
  it('round-trips a local date-time through ISO', () => {
    const iso = fromLocalInput('2026-03-01T09:30');
    expect(toLocalInput(iso)).toBe('2026-03-01T09:30');
    expect(formatDate(iso)).toBe('01.03.2026');
  });

  it('keeps empty and broken input empty', () => {
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('not a date')).toBe('');
    expect(toLocalInput('nope')).toBe('');
  });
});
