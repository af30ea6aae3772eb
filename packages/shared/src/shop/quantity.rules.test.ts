import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../constants';
import { decrementQuantity, incrementQuantity, readQuantityInput } from './quantity.rules';

const read = (raw: string, max = MAX_LINE_QUANTITY) => readQuantityInput(raw, max);
const refused = (reason: string) => ({ kind: 'refused', reason });

describe('[shop][quantity] a quantity field reads whole numbers in range only', () => {
  it('takes a whole number from 1 to the line maximum, spaces around it and leading zeros aside', () => {
    expect(read('12')).toEqual({ kind: 'quantity', value: 12 });
    expect(read(' 7 ')).toEqual({ kind: 'quantity', value: 7 });
    expect(read('0007')).toEqual({ kind: 'quantity', value: 7 });
    expect(read('1')).toEqual({ kind: 'quantity', value: 1 });
    expect(read(String(MAX_LINE_QUANTITY))).toEqual({ kind: 'quantity', value: MAX_LINE_QUANTITY });
  });

  it('refuses a fraction with either separator instead of reading 25 (issue 33)', () => {
    expect(read('2.5')).toEqual(refused('notWhole'));
    expect(read('2,5')).toEqual(refused('notWhole'));
    expect(read(',5')).toEqual(refused('notWhole'));
    expect(read('3.')).toEqual(refused('notWhole'));
    expect(read('1.000')).toEqual(refused('notWhole'));
  });

  it('refuses a negative number or zero instead of dropping the sign', () => {
    expect(read('-3')).toEqual(refused('belowMinimum'));
    expect(read('−3')).toEqual(refused('belowMinimum'));
    expect(read('- 2,5')).toEqual(refused('belowMinimum'));
    expect(read('-2 000')).toEqual(refused('belowMinimum'));
    expect(read('0')).toEqual(refused('belowMinimum'));
    expect(read('000')).toEqual(refused('belowMinimum'));
  });

  it('refuses exponents, pasted text and signs as not digits', () => {
    expect(read('1e3')).toEqual(refused('notDigits'));
    expect(read('2E2')).toEqual(refused('notDigits'));
    expect(read('five')).toEqual(refused('notDigits'));
    expect(read('3 licences')).toEqual(refused('notDigits'));
    expect(read('1 000')).toEqual(refused('notDigits'));
    expect(read('+3')).toEqual(refused('notDigits'));
    expect(read('-x')).toEqual(refused('notDigits'));
    // a sign or a separator counts only in a number that is nothing else
    expect(read('1-3')).toEqual(refused('notDigits'));
    expect(read('-3 licences')).toEqual(refused('notDigits'));
    expect(read('a2.5')).toEqual(refused('notDigits'));
    expect(read('2.5 licences')).toEqual(refused('notDigits'));
  });

  it('refuses one over the maximum, and any longer number, instead of cutting it', () => {
    expect(read(String(MAX_LINE_QUANTITY + 1))).toEqual(refused('aboveMaximum'));
    expect(read('150', 99)).toEqual(refused('aboveMaximum'));
    expect(read('99', 99)).toEqual({ kind: 'quantity', value: 99 });
    expect(read('9'.repeat(40))).toEqual(refused('aboveMaximum'));
    expect(read('000100', 100)).toEqual({ kind: 'quantity', value: 100 });
  });

  it('says nothing about an empty field (the person is retyping)', () => {
    expect(read('')).toEqual({ kind: 'empty' });
    expect(read('   ')).toEqual({ kind: 'empty' });
  });

  it('reads back every whole number in range as itself (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_LINE_QUANTITY }), (n) => {
        expect(read(String(n))).toEqual({ kind: 'quantity', value: n });
      }),
    );
  });

  it('never yields a quantity out of range or one whose digits differ from the text (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 10_000_000 }), (text, max) => {
        const reading = readQuantityInput(text, max);
        if (reading.kind !== 'quantity') return;
        expect(Number.isSafeInteger(reading.value)).toBe(true);
        expect(reading.value).toBeGreaterThanOrEqual(1);
        expect(reading.value).toBeLessThanOrEqual(max);
        expect(text.trim().replace(/^0+/, '')).toBe(String(reading.value));
      }),
    );
  });
});

describe('[shop][quantity] the stepper buttons', () => {
  it('does nothing on minus at 1 and steps by one otherwise', () => {
    expect(decrementQuantity(1)).toBe(1);
    expect(decrementQuantity(5)).toBe(4);
  });

  it('steps up by one and stops at the maximum', () => {
    expect(incrementQuantity(1, 10)).toBe(2);
    expect(incrementQuantity(9, 10)).toBe(10);
    expect(incrementQuantity(10, 10)).toBe(10);
  });
});
