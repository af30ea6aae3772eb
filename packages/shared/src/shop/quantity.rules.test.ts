import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decrementQuantity, incrementQuantity, normalizeQuantity } from './quantity.rules';

describe('[shop][quantity] spec 5 rules', () => {
  it('keeps only digits, with 1 as the minimum and the fallback', () => {
    expect(normalizeQuantity('12')).toBe(12);
    expect(normalizeQuantity('1a2')).toBe(12);
    expect(normalizeQuantity('abc')).toBe(1);
    expect(normalizeQuantity('')).toBe(1);
    expect(normalizeQuantity('0')).toBe(1);
    expect(normalizeQuantity('-5')).toBe(5);
    expect(normalizeQuantity(undefined)).toBe(1);
  });

  it('reads at most the first 9 digits, so a quantity never passes 999,999,999', () => {
    expect(normalizeQuantity('999999999')).toBe(999_999_999);
    expect(normalizeQuantity('12345678901')).toBe(123_456_789);
  });

  it('always yields a whole number of at least 1 (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer(), fc.double()), (input) => {
        const value = normalizeQuantity(input);
        expect(Number.isSafeInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('is unchanged by a second pass and keeps plain positive numbers (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (n) => {
        expect(normalizeQuantity(String(n))).toBe(n);
        expect(normalizeQuantity(normalizeQuantity(String(n)))).toBe(n);
      }),
    );
  });

  it('does nothing on minus at 1 and steps by one otherwise', () => {
    expect(decrementQuantity(1)).toBe(1);
    expect(decrementQuantity(5)).toBe(4);
    expect(incrementQuantity(1)).toBe(2);
  });
});
