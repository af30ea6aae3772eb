import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { THREE_YEAR_COMMITMENT_MIN_QUANTITY } from '../constants';
import {
  adobeQuoteExpiresAt,
  adobeQuoteProblem,
  baseOfferId,
  canCommitThreeYears,
  chosenOption,
  commitmentLevel,
  daysBetween,
  dueRenewalReminder,
  effectiveCommitment,
  isCommitted,
  levelOfferId,
  NEW_ADOBE_CUSTOMER,
  orderCommitment,
  orderLevel,
  type QuotedAdobeLine,
  standingOf,
  volumeLevel,
} from './adobe.rules';
import { adobeCustomerInputSchema, adobePriceRequestSchema } from './adobe.schemas';

const quantity = fc.integer({ min: 1, max: 100_000 });
const commitment = fc.constantFrom(0 as const, 1 as const);

describe('[adobe][commitment] spec 4/5: three years only from 10 licences', () => {
  it('allows the commitment from exactly 10', () => {
    expect(THREE_YEAR_COMMITMENT_MIN_QUANTITY).toBe(10);
    expect(canCommitThreeYears(1)).toBe(false);
    expect(canCommitThreeYears(9)).toBe(false);
    expect(canCommitThreeYears(10)).toBe(true);
    expect(canCommitThreeYears(11)).toBe(true);
  });

  it('allows it exactly when the quantity is 10 or more (property)', () => {
    fc.assert(
      fc.property(quantity, (q) => {
        expect(canCommitThreeYears(q)).toBe(q >= 10);
      }),
    );
  });

  it('resets the commitment to 0 under 10 and keeps it from 10', () => {
    expect(effectiveCommitment(9, 1)).toBe(0);
    expect(effectiveCommitment(1, 1)).toBe(0);
    expect(effectiveCommitment(10, 1)).toBe(1);
    expect(effectiveCommitment(10, 0)).toBe(0);
  });

  it('never yields a commitment a quantity may not have, and is stable (property)', () => {
    fc.assert(
      fc.property(quantity, commitment, (q, c) => {
        const effective = effectiveCommitment(q, c);
        if (effective === 1) expect(canCommitThreeYears(q)).toBe(true);
        expect(effective).toBe(q >= 10 ? c : 0);
        expect(effectiveCommitment(q, effective)).toBe(effective);
      }),
    );
  });

  it('a commitment reset by a smaller quantity does not come back by itself (property)', () => {
    // the panel's sequence: set a quantity, then another; the commitment follows each step
    fc.assert(
      fc.property(fc.array(quantity, { minLength: 1, maxLength: 20 }), (steps) => {
        let current: 0 | 1 = 1;
        let wasUnderTen = false;
        for (const q of steps) {
          current = effectiveCommitment(q, current);
          wasUnderTen ||= q < 10;
        }
        expect(current).toBe(wasUnderTen ? 0 : 1);
      }),
    );
  });
});

describe('[adobe][options] spec 4: the chosen price option', () => {
  const one = { id: 'a' };
  const two = { id: 'b' };
  const three = { id: 'c' };

  it('selects a single option by itself', () => {
    expect(chosenOption([one], null)).toBe(one);
    expect(chosenOption([one], undefined)).toBe(one);
    expect(chosenOption([one], 'gone')).toBe(one);
  });

  it('uses the selected option when it is among them', () => {
    expect(chosenOption([one, two, three], 'b')).toBe(two);
    expect(chosenOption([one, two, three], 'c')).toBe(three);
  });

  it('uses the first when none or a missing one is selected', () => {
    expect(chosenOption([one, two], null)).toBe(one);
    expect(chosenOption([one, two], 'gone')).toBe(one);
  });

  it('has nothing to choose from no options', () => {
    expect(chosenOption([], 'a')).toBeUndefined();
    expect(chosenOption([], null)).toBeUndefined();
  });

  it('always yields an option of the list, the selected one when present (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.option(fc.string({ maxLength: 4 }), { nil: null }),
        (ids, selected) => {
          const options = ids.map((id) => ({ id }));
          const chosen = chosenOption(options, selected);
          expect(options).toContain(chosen);
          if (selected !== null && ids.includes(selected)) expect(chosen?.id).toBe(selected);
          else expect(chosen).toBe(options[0]);
        },
      ),
    );
  });
});

describe('[adobe][levels] VIP Marketplace volume and commitment levels', () => {
  it('gives the volume level at each boundary', () => {
    expect([1, 9, 10, 49, 50, 99, 100, 5000].map(volumeLevel)).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('gives commitment levels 12/13/14 from 10/50/100 and none under 10', () => {
    expect([1, 9, 10, 49, 50, 99, 100, 5000].map(commitmentLevel)).toEqual([
      null,
      null,
      12,
      12,
      13,
      13,
      14,
      14,
    ]);
  });

  it('never falls when the quantity grows, and has a commitment level exactly when one may commit (property)', () => {
    fc.assert(
      fc.property(quantity, quantity, (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(volumeLevel(low)).toBeLessThanOrEqual(volumeLevel(high));
        expect(commitmentLevel(a) !== null).toBe(canCommitThreeYears(a));
        if (commitmentLevel(low) !== null)
          expect(commitmentLevel(low)!).toBeLessThanOrEqual(commitmentLevel(high)!);
      }),
    );
  });
});

describe('[adobe][contract] the price request and the customer form', () => {
  const request = { product_id: 5, customer_id: 2, quantity: 12, treeYearCommitment: 1 };

  it('takes the spec 3 payload and an empty selected option as none', () => {
    expect(adobePriceRequestSchema.parse(request)).toEqual({
      ...request,
      adobe_selected_product_id: null,
    });
    expect(
      adobePriceRequestSchema.parse({ ...request, adobe_selected_product_id: '' })
        .adobe_selected_product_id,
    ).toBeNull();
    expect(
      adobePriceRequestSchema.parse({ ...request, adobe_selected_product_id: 7 })
        .adobe_selected_product_id,
    ).toBe('7');
  });

  it('refuses a commitment other than 0 or 1 and a quantity under 1', () => {
    expect(adobePriceRequestSchema.safeParse({ ...request, treeYearCommitment: 2 }).success).toBe(
      false,
    );
    expect(adobePriceRequestSchema.safeParse({ ...request, quantity: 0 }).success).toBe(false);
  });

  const customer = {
    company_name: 'Nordwind',
    market_segment: 'EDU',
    country: 'az',
    region: '',
    city: 'Baku',
    address_line1: 'Nizami 1',
    postal_code: 'AZ1000',
    phone_number: '+994 12 555 01 23',
    contact_first_name: 'Leyla',
    contact_last_name: 'Aliyeva',
    contact_email: 'leyla@example.com',
    contact_phone_number: '(012) 555-01-23',
  };

  it('accepts a customer, upper-cases the country and fills the defaults', () => {
    expect(adobeCustomerInputSchema.parse(customer)).toMatchObject({
      country: 'AZ',
      preferred_language: 'en-US',
      address_line2: '',
    });
  });

  it("keeps Adobe's company name length of 4 to 59 characters", () => {
    const named = (company_name: string) =>
      adobeCustomerInputSchema.safeParse({ ...customer, company_name }).success;
    expect(named('Abc')).toBe(false);
    expect(named('Abcd')).toBe(true);
    expect(named('x'.repeat(59))).toBe(true);
    expect(named('x'.repeat(60))).toBe(false);
  });

  it('refuses an unknown segment, a country that is not two letters and a bad phone', () => {
    const valid = (patch: Record<string, string>) =>
      adobeCustomerInputSchema.safeParse({ ...customer, ...patch }).success;
    expect(valid({ market_segment: 'NGO' })).toBe(false);
    expect(valid({ country: 'AZE' })).toBe(false);
    expect(valid({ phone_number: 'call me' })).toBe(false);
    expect(valid({ contact_email: 'not-an-email' })).toBe(false);
  });
});

describe('[adobe][renewals] the reminders 30 and 7 days before a renewal', () => {
  it('is due from 30 days, then from 7, and not before, nor after the date', () => {
    expect([45, 31, 30, 29, 8, 7, 6, 1, 0, -1].map(dueRenewalReminder)).toEqual([
      null,
      null,
      30,
      30,
      30,
      7,
      7,
      7,
      7,
      null,
    ]);
  });

  it('counts calendar days across months, leap days and years', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2027-12-25', '2028-01-01')).toBe(7);
    expect(daysBetween('2026-06-01', '2026-05-02')).toBe(-30);
  });

  it('names the base offer of a level offer', () => {
    expect(baseOfferId('65304522CA12A12')).toBe('65304522CA01A12');
    expect(baseOfferId('65304522CA01A12')).toBe('65304522CA01A12');
  });
});

describe('[adobe][quote] invariant 2: a quote holds for what it priced, on its UTC day', () => {
  const quoted: QuotedAdobeLine = {
    quantity: 10,
    adobe: {
      unit_usd: '31.50',
      quantity: 10,
      three_year_commitment: true,
      priced_at: '2026-11-28T09:15:00.000Z',
    },
  };
  const at = (iso: string) => new Date(iso);

  it('ends a quote at the next UTC midnight, across months and years', () => {
    const expiry = (iso: string) => adobeQuoteExpiresAt(at(iso)).toISOString();
    expect(expiry('2026-11-28T09:15:00.000Z')).toBe('2026-11-29T00:00:00.000Z');
    expect(expiry('2026-11-30T23:59:59.999Z')).toBe('2026-12-01T00:00:00.000Z');
    expect(expiry('2026-12-31T00:00:00.000Z')).toBe('2027-01-01T00:00:00.000Z');
    expect(expiry('2028-02-28T12:00:00.000Z')).toBe('2028-02-29T00:00:00.000Z');
  });

  it('lets a line be bought as quoted until the last millisecond of the day, not at midnight', () => {
    expect(adobeQuoteProblem(quoted, at('2026-11-28T09:15:00.000Z'))).toBeNull();
    expect(adobeQuoteProblem(quoted, at('2026-11-28T23:59:59.999Z'))).toBeNull();
    expect(adobeQuoteProblem(quoted, at('2026-11-29T00:00:00.000Z'))).toBe('expired');
    expect(adobeQuoteProblem(quoted, at('2026-12-05T10:00:00.000Z'))).toBe('expired');
  });

  it('calls a line without a price or a pricing time unpriced', () => {
    const now = at('2026-11-28T10:00:00.000Z');
    const adobe = quoted.adobe!;
    expect(adobeQuoteProblem({ quantity: 10, adobe: null }, now)).toBe('unpriced');
    expect(adobeQuoteProblem({ ...quoted, adobe: { ...adobe, unit_usd: undefined } }, now)).toBe(
      'unpriced',
    );
    expect(adobeQuoteProblem({ ...quoted, adobe: { ...adobe, unit_usd: '' } }, now)).toBe(
      'unpriced',
    );
    expect(adobeQuoteProblem({ ...quoted, adobe: { ...adobe, priced_at: undefined } }, now)).toBe(
      'unpriced',
    );
  });

  it('names a changed quantity first, then a commitment under 10, then an unreadable time', () => {
    const now = at('2026-11-28T10:00:00.000Z');
    const adobe = quoted.adobe!;
    expect(adobeQuoteProblem({ ...quoted, quantity: 11 }, now)).toBe('quantity');
    expect(adobeQuoteProblem({ quantity: 9, adobe: { ...adobe, quantity: 10 } }, now)).toBe(
      'quantity',
    );
    expect(adobeQuoteProblem({ quantity: 9, adobe: { ...adobe, quantity: 9 } }, now)).toBe(
      'commitment',
    );
    expect(
      adobeQuoteProblem(
        { quantity: 9, adobe: { ...adobe, quantity: 9, three_year_commitment: false } },
        now,
      ),
    ).toBeNull();
    expect(adobeQuoteProblem({ ...quoted, adobe: { ...adobe, priced_at: 'soon' } }, now)).toBe(
      'expired',
    );
    // a customer under its own commitment buys any quantity under it
    expect(
      adobeQuoteProblem(
        { quantity: 1, adobe: { ...adobe, quantity: 1, customer_committed: true } },
        now,
      ),
    ).toBeNull();
  });
});

describe('[adobe][level] a renewal or "buy more" is priced at the level the customer has', () => {
  const committed = { licences: 12, committed: true };

  it('counts the customer’s licences with the order’s: 5 held + 5 more reach level 2', () => {
    expect(orderLevel(NEW_ADOBE_CUSTOMER, 5, false)).toBe(1);
    expect(orderLevel({ licences: 5, committed: false }, 5, false)).toBe(2);
    expect(orderLevel({ licences: 45, committed: false }, 1, false)).toBe(2);
    expect(orderLevel({ licences: 49, committed: false }, 1, false)).toBe(3);
    expect(orderLevel({ licences: 99, committed: false }, 1, false)).toBe(4);
  });

  it('keeps a committed customer at its commitment level for an order of any size', () => {
    expect(orderLevel(committed, 1, false)).toBe(12);
    expect(orderLevel(committed, 1, true)).toBe(12);
    expect(orderLevel(committed, 38, false)).toBe(13);
    expect(orderLevel(committed, 88, false)).toBe(14);
    // a commitment this order starts: from its own 10 licences
    expect(orderLevel(NEW_ADOBE_CUSTOMER, 10, true)).toBe(12);
    expect(orderLevel({ licences: 45, committed: false }, 10, true)).toBe(13);
  });

  it('never prices a customer’s order under the level of the order alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.boolean(), quantity, (held, c, q) => {
        const level = orderLevel({ licences: held, committed: c }, q, false);
        if (c) expect(level).toBeGreaterThanOrEqual(commitmentLevel(Math.max(q, 10))!);
        else expect(level).toBeGreaterThanOrEqual(volumeLevel(q));
      }),
    );
  });

  it('puts every order of a committed customer under the commitment, under 10 too', () => {
    expect(orderCommitment(committed, 1, 0)).toBe(1);
    expect(orderCommitment(NEW_ADOBE_CUSTOMER, 1, 1)).toBe(0);
    expect(orderCommitment(NEW_ADOBE_CUSTOMER, 10, 1)).toBe(1);
    expect(orderCommitment(NEW_ADOBE_CUSTOMER, 10, 0)).toBe(0);
  });

  it('reads the standing from Adobe’s subscriptions and customer', () => {
    const commitment = { status: 'COMMITTED' };
    expect(
      standingOf([
        { state: 'active', quantity: 12, three_year_commitment: commitment },
        { state: 'inactive', quantity: 40, three_year_commitment: commitment },
        { state: 'active', quantity: 3, three_year_commitment: commitment },
      ]),
    ).toEqual({ licences: 15, committed: true });
    expect(
      standingOf([{ state: 'active', quantity: 2, three_year_commitment: { status: 'EXPIRED' } }]),
    ).toEqual({ licences: 2, committed: false });
    expect(standingOf([])).toEqual(NEW_ADOBE_CUSTOMER);
    expect(isCommitted({ benefits: [{ type: 'THREE_YEAR_COMMIT', commitment }] })).toBe(true);
    expect(
      isCommitted({ benefits: [{ type: 'THREE_YEAR_COMMIT', commitment: { status: 'EXPIRED' } }] }),
    ).toBe(false);
    expect(isCommitted({})).toBe(false);
    expect(levelOfferId('65304522CA01A12', 12)).toBe('65304522CA12A12');
    expect(levelOfferId('65304522CA12A12', 2)).toBe('65304522CA02A12');
  });
});
