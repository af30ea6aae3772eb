import { describe, expect, it } from 'vitest';
import { percentReached } from './target-percent';

describe('[targets] progress', () => {
  it('counts whole percent in exact cents', () => {
    expect(percentReached('0.00', '15000.00')).toBe(0);
    expect(percentReached('375.00', '15000.00')).toBe(2);
    expect(percentReached('0.29', '0.30')).toBe(96);
    expect(percentReached('15000.00', '15000.00')).toBe(100);
  });

  it('caps far-exceeded targets and never divides by zero', () => {
    expect(percentReached('1000000.00', '1.00')).toBe(999);
    expect(percentReached('10.00', '0.00')).toBe(0);
  });
});
