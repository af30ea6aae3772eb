import { describe, expect, it } from 'vitest';
import { parseSellType, sellTypeName } from './checkout-params';

describe('parseSellType', () => {
  it('reads the sell type of the URL or the drawer', () => {
    expect(parseSellType('1')).toBe(1);
    expect(parseSellType('2')).toBe(2);
    expect(parseSellType(2)).toBe(2);
  });

  it('leaves anything else to the server', () => {
    for (const value of [null, undefined, '', ' ', '3', 'cash', '1.5', 0, {}]) {
      expect(parseSellType(value)).toBeUndefined();
    }
  });

  it('names the way of paying', () => {
    expect(sellTypeName(1)).toBe('cash');
    expect(sellTypeName(2)).toBe('credit');
  });
});
