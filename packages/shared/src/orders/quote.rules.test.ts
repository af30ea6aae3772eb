import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents } from '../shop/money';
import { type QuotedLine, type QuotedReview, quoteChanges, quotedPart } from './quote.rules';

const line = (overrides: Partial<QuotedLine> = {}): QuotedLine => ({
  basket_item_id: 1,
  product_id: 10,
  sku: 'OFF-365',
  quantity: 2,
  unit_usd: '51.60',
  total_usd: '103.20',
  total_azn: '212.40',
  adobe: null,
  ...overrides,
});

const review = (overrides: Partial<QuotedReview> = {}): QuotedReview => ({
  sell_type: 2,
  lines: [line()],
  total_usd: '103.20',
  vat_percent: '18.00',
  vat_usd: '18.58',
  total_usd_with_vat: '121.78',
  surcharge_percent: '2.00',
  rate: '1.7000',
  rate_date: '2026-11-27',
  total_azn: '212.40',
  ...overrides,
});

describe('[orders] quote changes', () => {
  it('finds nothing between a review and itself', () => {
    expect(quoteChanges(review(), review())).toEqual([]);
  });

  it('names a line whose price and totals moved, old → new, then the totals', () => {
    const after = review({
      lines: [line({ unit_usd: '500.00', total_usd: '1000.00', total_azn: '3610.80' })],
      total_usd: '1000.00',
      rate: '1.7500',
      total_azn: '3610.80',
    });
    expect(quoteChanges(review(), after)).toEqual([
      { field: 'unit_usd', basket_item_id: 1, sku: 'OFF-365', before: '51.60', after: '500.00' },
      { field: 'total_usd', basket_item_id: 1, sku: 'OFF-365', before: '103.20', after: '1000.00' },
      { field: 'total_azn', basket_item_id: 1, sku: 'OFF-365', before: '212.40', after: '3610.80' },
      { field: 'rate', basket_item_id: null, sku: null, before: '1.7000', after: '1.7500' },
      { field: 'total_usd', basket_item_id: null, sku: null, before: '103.20', after: '1000.00' },
      { field: 'total_azn', basket_item_id: null, sku: null, before: '212.40', after: '3610.80' },
    ]);
  });

  it('names a VAT change, a surcharge change, a new rate day and another way of paying', () => {
    const after = review({
      sell_type: 1,
      vat_percent: '20.00',
      surcharge_percent: '0.00',
      rate_date: '2026-11-28',
      vat_usd: '20.64',
    });
    expect(quoteChanges(review(), after).map((c) => [c.field, c.before, c.after])).toEqual([
      ['sell_type', '2', '1'],
      ['rate_date', '2026-11-27', '2026-11-28'],
      ['vat_percent', '18.00', '20.00'],
      ['surcharge_percent', '2.00', '0.00'],
      ['vat_usd', '18.58', '20.64'],
    ]);
  });

  it('names a line gone, a line added and a quantity changed, by basket line', () => {
    const before = review({
      lines: [line(), line({ basket_item_id: 2, product_id: 11, sku: 'B' })],
    });
    const after = review({
      lines: [
        line({ quantity: 3 }),
        line({ basket_item_id: 3, product_id: 12, sku: 'C', quantity: 5 }),
      ],
    });
    expect(quoteChanges(before, after)).toEqual([
      { field: 'quantity', basket_item_id: 1, sku: 'OFF-365', before: '2', after: '3' },
      { field: 'line', basket_item_id: 2, sku: 'B', before: '2', after: null },
      { field: 'line', basket_item_id: 3, sku: 'C', before: null, after: '5' },
    ]);
  });

  it('treats a basket line that now holds another product as a line gone and one added', () => {
    const after = review({ lines: [line({ product_id: 99, sku: 'OTHER' })] });
    expect(quoteChanges(review(), after).map((c) => [c.field, c.sku, c.before, c.after])).toEqual([
      ['line', 'OFF-365', '2', null],
      ['line', 'OTHER', null, '2'],
    ]);
  });

  it("names an Adobe line's other offer, customer or commitment", () => {
    const adobe = { sku: '65304479CA01A12', customer_id: 'C1', three_year_commitment: false };
    const before = review({ lines: [line({ adobe })] });
    for (const changed of [
      { ...adobe, sku: '65304479CA02A12' },
      { ...adobe, customer_id: 'C2' },
      { ...adobe, three_year_commitment: true },
    ]) {
      const after = review({ lines: [line({ adobe: changed })] });
      expect(quoteChanges(before, after).map((c) => c.field)).toEqual(['adobe']);
    }
    expect(quoteChanges(before, review()).map((c) => [c.field, c.after])).toEqual([
      ['adobe', null],
    ]);
  });

  it('keeps only the quoted part of a review: titles, stock and credit are not quoted', () => {
    const shown = {
      ...review(),
      lines: [{ ...line(), FullTitle: 'Office', in_stock: false }],
      credit: { limit: '5000.00', remaining: '10.00', remaining_after: '-93.20' },
      quote: 'x',
    };
    expect(quotedPart(shown)).toEqual(review());
  });

  it("keeps an Adobe line's offer, customer and commitment, not the company's name", () => {
    const adobe = { sku: 'OFFER', customer_id: 'C1', three_year_commitment: true };
    const shown = review({
      lines: [line({ adobe: { ...adobe, company_name: 'Absheron' } as never })],
    });
    expect(quotedPart(shown).lines[0]?.adobe).toEqual(adobe);
  });

  it('writes a rate day that was missing as null, not as text', () => {
    expect(quoteChanges(review({ rate_date: null }), review())).toEqual([
      { field: 'rate_date', basket_item_id: null, sku: null, before: null, after: '2026-11-27' },
    ]);
  });

  it('finds a change exactly when a quoted field differs (property)', () => {
    const money = fc.bigInt({ min: 0n, max: 1_000_000n }).map(fromCents);
    const arbLine = fc.record({
      basket_item_id: fc.integer({ min: 1, max: 4 }),
      product_id: fc.integer({ min: 1, max: 3 }),
      sku: fc.constantFrom('A', 'B'),
      quantity: fc.integer({ min: 1, max: 3 }),
      unit_usd: money,
      total_usd: money,
      total_azn: money,
      adobe: fc.constant(null),
    });
    const arbReview = fc.record({
      sell_type: fc.constantFrom(1, 2),
      lines: fc.uniqueArray(arbLine, {
        maxLength: 3,
        selector: (l) => `${l.basket_item_id}:${l.product_id}`,
      }),
      total_usd: money,
      vat_percent: fc.constantFrom('0.00', '18.00'),
      vat_usd: money,
      total_usd_with_vat: money,
      surcharge_percent: fc.constantFrom('0.00', '2.00'),
      rate: fc.constantFrom('1.7000', '1.7001'),
      rate_date: fc.constantFrom('2026-11-27', null),
      total_azn: money,
    });
    fc.assert(
      fc.property(arbReview, arbReview, (a, b) => {
        const same = JSON.stringify(quotedPart(a)) === JSON.stringify(quotedPart(b));
        expect(quoteChanges(a, b).length === 0).toBe(same);
        expect(quoteChanges(a, a)).toEqual([]);
      }),
      { seed: 29, numRuns: 300 },
    );
  });
});
