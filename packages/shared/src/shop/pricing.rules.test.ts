import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPercent, divideRounded, formatDecimal, parseDecimal, sumMoney, toCents } from './money';
import {
  allowedSellTypes,
  aznAtRate,
  ownSettingBelowCost,
  type PricingInput,
  priceFor,
  SELL_TYPE,
  sellTypeName,
  toAzn,
} from './pricing.rules';

const base: PricingInput = {
  role: 'd',
  dealerPrice: '100.00',
  unitPrice: '120.00',
  dealerMarkupPercent: '5.00',
  ownSetting: null,
  userGroupMarkupPercent: null,
};

const cents = fc.bigInt({ min: 0n, max: 10_000_000_00n });
const money = cents.map((c) => formatDecimal(c, 2));
const percent = fc.bigInt({ min: 0n, max: 100_00n }).map((p) => formatDecimal(p, 2));

describe('[pricing] exact money', () => {
  it('parses and formats decimals without floats', () => {
    expect(parseDecimal('12.5', 2)).toBe(1250n);
    expect(formatDecimal(1250n, 2)).toBe('12.50');
    expect(formatDecimal(-5n, 2)).toBe('-0.05');
    expect(() => parseDecimal('1.234', 2)).toThrow();
    expect(() => parseDecimal('1e5', 2)).toThrow();
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
  });

  it('rounds half away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(addPercent('0.05', '10.00')).toBe('0.06');
  });

  it('round-trips every amount (property)', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(toCents(formatDecimal(c, 2))).toBe(c);
      }),
    );
  });
});

describe('[pricing] the pricing chain', () => {
  it('admins see the unit price; a dealer pays dealer price plus its markup group', () => {
    expect(priceFor({ ...base, role: 'gd' })).toBe('120.00');
    expect(priceFor({ ...base, role: 'ld' })).toBe('120.00');
    expect(priceFor(base)).toBe('105.00');
    expect(priceFor({ ...base, dealerMarkupPercent: null })).toBe('100.00');
  });

  it('refuses a role it does not know, naming it', () => {
    expect(() => priceFor({ ...base, role: 'x' as PricingInput['role'] })).toThrow(
      new Error('unknown role x'),
    );
  });

  it("an end user pays its dealer's own price, else own markup, else group markup, else unit price", () => {
    const user = { ...base, role: 'u' as const };
    expect(priceFor({ ...user, ownSetting: { mode: 'price', value: '111.11' } })).toBe('111.11');
    expect(priceFor({ ...user, ownSetting: { mode: 'markup', value: '10.00' } })).toBe('115.50');
    expect(priceFor({ ...user, userGroupMarkupPercent: '20.00' })).toBe('126.00');
    expect(priceFor(user)).toBe('120.00');
    expect(priceFor({ ...user, unitPrice: '90.00' })).toBe('105.00');
  });

  it('never lets a markup lower a price, and a user pays at least the dealer cost without own price (property)', () => {
    fc.assert(
      fc.property(
        money,
        money,
        percent,
        fc.option(percent),
        (dealerPrice, unitPrice, markup, group) => {
          const input = { ...base, dealerPrice, unitPrice, dealerMarkupPercent: markup };
          const cost = toCents(priceFor(input));
          expect(cost >= toCents(dealerPrice)).toBe(true);
          const userPrice = priceFor({ ...input, role: 'u', userGroupMarkupPercent: group });
          expect(toCents(userPrice) >= cost).toBe(true);
        },
      ),
    );
  });
});

describe('[invariant 1] never below cost', () => {
  it("clamps a dealer's own price stored before its cost rose to the cost", () => {
    const user = { ...base, role: 'u' as const };
    // the cost is 105.00; an own price of 0.00 or 104.99 is charged at 105.00
    expect(priceFor({ ...user, ownSetting: { mode: 'price', value: '0.00' } })).toBe('105.00');
    expect(priceFor({ ...user, ownSetting: { mode: 'price', value: '104.99' } })).toBe('105.00');
    expect(priceFor({ ...user, ownSetting: { mode: 'price', value: '105.01' } })).toBe('105.01');
  });

  it('refuses an own price below the cost when it is set, naming the lowest allowed price', () => {
    expect(ownSettingBelowCost({ mode: 'price', value: '0.00' }, '105.00')).toBe('105.00');
    expect(ownSettingBelowCost({ mode: 'price', value: '104.99' }, '105.00')).toBe('105.00');
    expect(ownSettingBelowCost({ mode: 'price', value: '105.00' }, '105.00')).toBeNull();
    expect(ownSettingBelowCost({ mode: 'markup', value: '0.00' }, '105.00')).toBeNull();
  });

  it('prices every end user at or above its dealer cost, whatever the chain holds (property)', () => {
    const own = fc.option(
      fc.oneof(
        money.map((value) => ({ mode: 'price' as const, value })),
        percent.map((value) => ({ mode: 'markup' as const, value })),
      ),
    );
    fc.assert(
      fc.property(
        money,
        money,
        fc.option(percent),
        own,
        fc.option(percent),
        (dealerPrice, unitPrice, markup, ownSetting, group) => {
          const input = { ...base, dealerPrice, unitPrice, dealerMarkupPercent: markup };
          const cost = toCents(priceFor(input));
          const userPrice = priceFor({
            ...input,
            role: 'u',
            ownSetting,
            userGroupMarkupPercent: group,
          });
          expect(toCents(userPrice) >= cost).toBe(true);
        },
      ),
    );
  });
});

describe('[pricing] AZN amounts', () => {
  it('converts at the bank rate with VAT and the credit surcharge, rounding once', () => {
    expect(
      toAzn({ usd: '100.00', rate: '1.7000', vatPercent: '18.00', surchargePercent: '0' }),
    ).toBe('200.60');
    expect(
      toAzn({ usd: '100.00', rate: '1.7000', vatPercent: '18.00', surchargePercent: '3.00' }),
    ).toBe('206.62');
    expect(toAzn({ usd: '0.01', rate: '1.7000', vatPercent: '0', surchargePercent: '0' })).toBe(
      '0.02',
    );
  });

  it('is monotonic in the amount (property)', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const azn = (c: bigint) =>
          toCents(
            toAzn({
              usd: formatDecimal(c, 2),
              rate: '1.7000',
              vatPercent: '18.00',
              surchargePercent: '0',
            }),
          );
        expect(azn(low) <= azn(high)).toBe(true);
      }),
    );
  });
});

describe('[pricing] sell types', () => {
  it('names sell type 1 cash and 2 credit', () => {
    expect(sellTypeName(SELL_TYPE.cash)).toBe('cash');
    expect(sellTypeName(SELL_TYPE.credit)).toBe('credit');
    expect(SELL_TYPE).toEqual({ cash: 1, credit: 2 });
  });

  it('lets dealers pay cash or credit and users as their AZN flags allow', () => {
    expect(allowedSellTypes({ type_id: 3, need_azn_cash: false, need_azn_credit: false })).toEqual([
      1, 2,
    ]);
    expect(allowedSellTypes({ type_id: 4, need_azn_cash: true, need_azn_credit: true })).toEqual([
      1, 2,
    ]);
    expect(allowedSellTypes({ type_id: 4, need_azn_cash: false, need_azn_credit: true })).toEqual([
      2,
    ]);
    expect(allowedSellTypes({ type_id: 4, need_azn_cash: false, need_azn_credit: false })).toEqual([
      1,
    ]);
    expect(allowedSellTypes({ type_id: 1, need_azn_cash: true, need_azn_credit: true })).toEqual(
      [],
    );
  });
});

describe('[pricing] an order at the rate of its payment (issue 31)', () => {
  const rate = fc.bigInt({ min: 1n, max: 99_999_999n }).map((r) => formatDecimal(r, 4));
  const line = fc.record({
    unitUsd: cents.map((c) => formatDecimal(c, 2)),
    quantity: fc.integer({ min: 1, max: 500 }),
  });

  it('prices each line as checkout does (the unit in AZN, rounded once, times the quantity) and the order as their sum (property)', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        rate,
        percent,
        percent,
        (lines, r, vat, surcharge) => {
          const order = { vatPercent: vat, surchargePercent: surcharge };
          const fixed = aznAtRate(order, lines, r);
          fixed.lines.forEach((priced, index) => {
            const unit = toAzn({
              usd: lines[index]!.unitUsd,
              rate: r,
              vatPercent: vat,
              surchargePercent: surcharge,
            });
            expect(toCents(priced.totalAzn)).toBe(toCents(unit) * BigInt(lines[index]!.quantity));
            expect(priced.unitUsd).toBe(lines[index]!.unitUsd);
          });
          expect(fixed.totalAzn).toBe(sumMoney(fixed.lines.map((l) => l.totalAzn)));
        },
      ),
    );
  });

  it('a higher rate never makes the order cheaper in AZN (property)', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        rate,
        rate,
        percent,
        (lines, a, b, vat) => {
          const [low, high] = parseDecimal(a, 4) <= parseDecimal(b, 4) ? [a, b] : [b, a];
          const order = { vatPercent: vat, surchargePercent: '0.00' };
          expect(toCents(aznAtRate(order, lines, low).totalAzn)).toBeLessThanOrEqual(
            toCents(aznAtRate(order, lines, high).totalAzn),
          );
        },
      ),
    );
  });

  it('works out a known order: 3 × $120.00 at 1.7500 with 18% VAT is 743.40 AZN', () => {
    const fixed = aznAtRate(
      { vatPercent: '18.00', surchargePercent: '0.00' },
      [{ unitUsd: '120.00', quantity: 3 }],
      '1.7500',
    );
    expect(fixed).toEqual({
      lines: [{ unitUsd: '120.00', quantity: 3, totalAzn: '743.40' }],
      totalAzn: '743.40',
    });
  });
});
