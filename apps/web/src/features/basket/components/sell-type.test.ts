import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import { describe, expect, it } from 'vitest';
import { checkoutSellType, chooseSellType, sellTypeKey, toSellType } from './sell-type';

const { cash, credit } = SELL_TYPE;

describe('chooseSellType', () => {
  it('keeps the remembered choice while it is allowed', () => {
    expect(chooseSellType([cash, credit], credit)).toBe(credit);
    expect(chooseSellType([cash, credit], cash)).toBe(cash);
  });

  it('falls back to the first allowed type', () => {
    expect(chooseSellType([cash, credit], undefined)).toBe(cash);
    expect(chooseSellType([cash], credit)).toBe(cash);
    expect(chooseSellType([credit], cash)).toBe(credit);
    expect(chooseSellType([cash, credit], 7)).toBe(cash);
  });

  it('has nothing to choose for someone who may not shop', () => {
    expect(chooseSellType([], credit)).toBeUndefined();
  });
});

describe('sell types of basket lines', () => {
  it('reads 2 as credit and anything else as cash', () => {
    expect(toSellType(2)).toBe(credit);
    expect(toSellType(1)).toBe(cash);
    expect(sellTypeKey(2)).toBe('credit');
    expect(sellTypeKey(1)).toBe('cash');
  });
});

describe('checkoutSellType', () => {
  it('opens checkout on the remembered choice when the basket has such lines', () => {
    expect(checkoutSellType([{ sell_type: 1 }, { sell_type: 2 }], credit)).toBe(credit);
    expect(checkoutSellType([{ sell_type: 1 }, { sell_type: 2 }], cash)).toBe(cash);
  });

  it('else on the way of paying of the first line', () => {
    expect(checkoutSellType([{ sell_type: 2 }], cash)).toBe(credit);
    expect(checkoutSellType([{ sell_type: 1 }], undefined)).toBe(cash);
    expect(checkoutSellType([], credit)).toBeUndefined();
  });
});
