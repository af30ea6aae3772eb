import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareMoney,
  divideRounded,
  formatDecimal,
  isMoney,
  multiplyMoney,
  parseDecimal,
  percentOf,
  subtractMoney,
} from './money';

// every value of 15 whole digits (what an entered amount holds) at money's scale
const scaled = fc.bigInt({ min: -(10n ** 17n) + 1n, max: 10n ** 17n - 1n });
const nonZero = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n);
const abs = (value: bigint) => (value < 0n ? -value : value);

describe('[money] decimals as scaled integers', () => {
  it('reads a decimal at its scale, padding the decimals and ignoring surrounding spaces', () => {
    expect(parseDecimal(' 12.5 ', 2)).toBe(1250n);
    expect(parseDecimal('-0.01', 2)).toBe(-1n);
    expect(parseDecimal('7', 4)).toBe(70_000n);
    expect(parseDecimal('0.0001', 4)).toBe(1n);
    expect(parseDecimal('999999999999999.99', 2)).toBe(99_999_999_999_999_999n);
  });

  it('drops zeros past the scale but refuses any other digit there, naming the value', () => {
    expect(parseDecimal('1.230', 2)).toBe(123n);
    expect(parseDecimal('1.2300', 2)).toBe(123n);
    expect(parseDecimal('5.00', 0)).toBe(5n);
    expect(() => parseDecimal('1.231', 2)).toThrow(new RangeError('more than 2 decimals: 1.231'));
    expect(() => parseDecimal('5.01', 0)).toThrow(new RangeError('more than 0 decimals: 5.01'));
  });

  it('refuses anything that is not a plain decimal of at most 40 whole digits, naming it', () => {
    for (const value of ['', 'abc', '1e3', '1,5', '.5', '5.', '+1', '--1', '1 000', '0x10']) {
      expect(() => parseDecimal(value, 2), value).toThrow(
        new RangeError(`not a decimal: ${value}`),
      );
    }
    expect(parseDecimal('9'.repeat(40), 0)).toBe(10n ** 40n - 1n);
    expect(() => parseDecimal('1'.repeat(41), 2)).toThrow(RangeError);
    // an entered amount keeps its 15 whole digits
    expect(isMoney('1000000000000000')).toBe(false);
  });

  it('writes exactly `scale` decimals, with a leading zero and a sign when negative', () => {
    expect(formatDecimal(0n, 2)).toBe('0.00');
    expect(formatDecimal(7n, 4)).toBe('0.0007');
    expect(formatDecimal(-1n, 2)).toBe('-0.01');
    expect(formatDecimal(123n, 1)).toBe('12.3');
    expect(formatDecimal(5n, 0)).toBe('5');
    expect(formatDecimal(-5n, 0)).toBe('-5');
  });

  it('reads back every value it writes, at every scale it is used at (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2, 4).chain((scale) => {
          const limit = 10n ** BigInt(15 + scale) - 1n;
          return fc.tuple(fc.constant(scale), fc.bigInt({ min: -limit, max: limit }));
        }),
        ([scale, value]) => {
          expect(parseDecimal(formatDecimal(value, scale), scale)).toBe(value);
        },
      ),
    );
  });
});

describe('[money] rounded division', () => {
  it('rounds half away from zero whatever the signs', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(5n, -2n)).toBe(-3n);
    expect(divideRounded(-5n, -2n)).toBe(3n);
    expect(divideRounded(-4n, -3n)).toBe(1n);
    expect(divideRounded(7n, -1n)).toBe(-7n);
    expect(divideRounded(0n, -7n)).toBe(0n);
  });

  it('refuses to divide by zero', () => {
    expect(() => divideRounded(1n, 0n)).toThrow(new RangeError('division by zero'));
  });

  it('gives the nearest integer, a tie away from zero, and is odd in each sign (property)', () => {
    fc.assert(
      fc.property(scaled, nonZero, (n, d) => {
        const q = divideRounded(n, d);
        const twiceRest = abs(2n * (n - q * d));
        expect(twiceRest <= abs(d)).toBe(true);
        if (twiceRest === abs(d)) expect(abs(q * d) > abs(n)).toBe(true);
        expect(divideRounded(-n, d)).toBe(-q);
        expect(divideRounded(n, -d)).toBe(-q);
      }),
    );
  });
});

describe('[money] amounts', () => {
  it('multiplies an amount by a quantity exactly', () => {
    expect(multiplyMoney('12.34', 3)).toBe('37.02');
    expect(multiplyMoney('0.10', 3)).toBe('0.30');
    expect(multiplyMoney('19.99', 0)).toBe('0.00');
  });

  it('takes a percentage of an amount, rounded half away from zero to the cent', () => {
    expect(percentOf('118.00', '18.00')).toBe('21.24');
    expect(percentOf('0.05', '50.00')).toBe('0.03');
    expect(percentOf('-0.05', '50.00')).toBe('-0.03');
    expect(percentOf('10.00', '0.01')).toBe('0.00');
  });

  it('subtracts and compares amounts whatever their spelling', () => {
    expect(subtractMoney('0.30', '0.1')).toBe('0.20');
    expect(subtractMoney('1', '1.01')).toBe('-0.01');
    expect(compareMoney('1.5', '1.50')).toBe(0);
    expect(compareMoney('0.99', '1')).toBe(-1);
    expect(compareMoney('1.01', '1')).toBe(1);
    expect(compareMoney('-1', '0')).toBe(-1);
  });

  it('tells money from what is not, without throwing', () => {
    expect(isMoney('12.50')).toBe(true);
    expect(isMoney('-0.01')).toBe(true);
    expect(isMoney('12.505')).toBe(false);
    expect(isMoney('12,50')).toBe(false);
  });
});
