import { MIN_QUANTITY } from '../constants';

/** Why a quantity field refuses what was typed (issue 33: nothing is multiplied or negated). */
export type QuantityRefusal = 'notWhole' | 'notDigits' | 'belowMinimum' | 'aboveMaximum';

/** What a quantity field holds: nothing yet, a whole number in range, or the reason it is not. */
export type QuantityReading =
  | { kind: 'empty' }
  | { kind: 'quantity'; value: number }
  | { kind: 'refused'; reason: QuantityRefusal };

const WHOLE = /^\d+$/;
/** a sign before a number, with any separators: '-3', '−2,5', '+0' */
const SIGNED = /^[-−+]\s*\d[\d.,\s]*$/;
/** a fraction or thousands written with '.' or ',': '2.5', '2,5', ',5', '1.000' */
const SEPARATED = /^\d*[.,][\d.,]*$/;

/**
 * A quantity as typed or pasted, read strictly: a whole number from `MIN_QUANTITY` to `max`, or
 * the reason it is refused. Nothing is dropped from what was typed, so `2.5` is never 25, `-3`
 * never 3 and `1e3` never 13; a number over the maximum is refused, not cut to it.
 */
export const readQuantityInput = (raw: string, max: number): QuantityReading => {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  if (WHOLE.test(text)) {
    const value = Number(text);
    if (value < MIN_QUANTITY) return { kind: 'refused', reason: 'belowMinimum' };
    if (value > max) return { kind: 'refused', reason: 'aboveMaximum' };
    return { kind: 'quantity', value };
  }
  if (SIGNED.test(text)) {
    return { kind: 'refused', reason: text.startsWith('+') ? 'notDigits' : 'belowMinimum' };
  }
  if (SEPARATED.test(text)) return { kind: 'refused', reason: 'notWhole' };
  return { kind: 'refused', reason: 'notDigits' };
};

/** Spec 5: the minus button does nothing at 1. */
export const decrementQuantity = (value: number): number =>
  value > MIN_QUANTITY ? value - 1 : MIN_QUANTITY;

/** The plus button: one more, never past `max`. */
export const incrementQuantity = (value: number, max: number): number =>
  Math.min(Math.max(value, MIN_QUANTITY - 1) + 1, max);
