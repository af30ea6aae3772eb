import { describe, expect, it } from 'vitest';
import { quantityChange } from './basket-line-quantity';

describe('quantityChange: spec 7 add or remove by the difference', () => {
  it('adds what is missing and removes what is too much', () => {
    expect(quantityChange(1, 4)).toEqual({ kind: 'add', count: 3 });
    expect(quantityChange(5, 2)).toEqual({ kind: 'remove', count: 3 });
  });

  it('sends nothing when the basket already holds the quantity', () => {
    expect(quantityChange(3, 3)).toBeUndefined();
  });
});
