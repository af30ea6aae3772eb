import { describe, expect, it } from 'vitest';
import { readQuantity } from './quantity-stepper';

describe('readQuantity (spec 5: digits only, at least 1, at most the maximum)', () => {
  it('keeps plain digits without a hint', () => {
    expect(readQuantity('12', 100_000)).toEqual({ text: '12', value: 12, hint: undefined });
    expect(readQuantity('100000', 100_000)).toEqual({ text: '100000', value: 100_000 });
  });

  it('says so when it drops what is not a digit', () => {
    expect(readQuantity('2.5', 100_000)).toEqual({ text: '25', value: 25, hint: 'digitsOnly' });
    expect(readQuantity('-5', 100_000)).toEqual({ text: '5', value: 5, hint: 'digitsOnly' });
    expect(readQuantity('abc', 100_000)).toEqual({ text: '', hint: 'digitsOnly' });
    expect(readQuantity('', 100_000)).toEqual({ text: '', hint: undefined });
  });

  it('cuts to the maximum and says so, never to the first digits', () => {
    expect(readQuantity('100001', 100_000)).toEqual({
      text: '100000',
      value: 100_000,
      hint: 'atMost',
    });
    expect(readQuantity('9999999999999', 100_000)).toMatchObject({ value: 100_000 });
    expect(readQuantity('150', 99)).toMatchObject({ value: 99, hint: 'atMost' });
  });

  it('reads zero as the minimum, 1', () => {
    expect(readQuantity('0', 100_000)).toMatchObject({ text: '1', value: 1 });
    expect(readQuantity('0007', 100_000)).toMatchObject({ text: '7', value: 7 });
  });
});
