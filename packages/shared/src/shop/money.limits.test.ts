import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_MAX } from '../catalogue/catalogue.schemas';
import { MAX_LINE_QUANTITY } from '../constants';
import { compareMoney, isMoney, multiplyMoney, percentOf, sumMoney, toCents } from './money';

describe('[shop] money beyond what a column holds', () => {
  it('reads back every amount it computed, however many digits, exactly', () => {
    // 11 × the money maximum (a 1,000 % markup) × the largest line, summed over 200 lines
    const unit = '10999999999999.89';
    const line = multiplyMoney(unit, MAX_LINE_QUANTITY);
    expect(line).toBe('1099999999999989000.00');
    expect(sumMoney(Array.from({ length: 200 }, () => line))).toBe('219999999999997800000.00');
    expect(percentOf(line, '50.00')).toBe('549999999999994500.00');
    expect(compareMoney(line, MONEY_MAX)).toBe(1);
  });

  it('multiplies and sums like BigInt cents for any price up to the maximum and any quantity (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: toCents(MONEY_MAX) * 11n }),
        fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
        (cents, quantity) => {
          const amount = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const total = multiplyMoney(amount, quantity);
          expect(toCents(total)).toBe(cents * BigInt(quantity));
          expect(toCents(sumMoney([total, total, amount]))).toBe(
            cents * BigInt(quantity) * 2n + cents,
          );
        },
      ),
      { seed: 29, numRuns: 300 },
    );
  });

  it('still accepts as entered money only 15 whole digits and 2 decimals', () => {
    expect(isMoney('999999999999999.99')).toBe(true);
    expect(isMoney('1000000000000000.00')).toBe(false);
    expect(isMoney('-999999999999999.99')).toBe(true);
    expect(isMoney('-1000000000000000.00')).toBe(false);
    expect(isMoney('1.001')).toBe(false);
    expect(isMoney('1e5')).toBe(false);
  });
});
