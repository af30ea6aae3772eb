import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumMoney } from '../shop/money';
import { SELL_TYPE } from '../shop/pricing.rules';
import { aznVatSplit, dueDate, invoiceKind } from './invoices.rules';
import { documentNumber, orderDocumentParamsSchema } from './invoices.schemas';

describe('[invoices] which document an order gets', () => {
  it('gives a pending cash order a proforma invoice', () => {
    expect(invoiceKind({ status: 'pending', sellType: SELL_TYPE.cash })).toBe('proforma');
  });

  it('gives no proforma invoice to a pending order on credit, which has nothing to pay yet', () => {
    expect(invoiceKind({ status: 'pending', sellType: SELL_TYPE.credit })).toBeNull();
  });

  it('gives a paid cash order and a credit order an invoice', () => {
    for (const status of ['in_progress', 'completed'] as const) {
      expect(invoiceKind({ status, sellType: SELL_TYPE.cash })).toBe('invoice');
      expect(invoiceKind({ status, sellType: SELL_TYPE.credit })).toBe('invoice');
    }
  });

  it('gives a cancelled order no document', () => {
    expect(invoiceKind({ status: 'cancelled', sellType: SELL_TYPE.cash })).toBeNull();
    expect(invoiceKind({ status: 'cancelled', sellType: SELL_TYPE.credit })).toBeNull();
  });
});

describe('[invoices] the AZN total split into net and VAT', () => {
  it('splits 118.00 AZN at 18 % into 100.00 net and 18.00 VAT', () => {
    expect(aznVatSplit('118.00', '18.00')).toEqual({
      net: '100.00',
      vat: '18.00',
      total: '118.00',
    });
  });

  it('rounds the VAT once to the qəpik: 10.01 at 18 % is 8.48 net and 1.53 VAT', () => {
    // 10.01 × 18 / 118 = 1.52694… → 1.53
    expect(aznVatSplit('10.01', '18.00')).toEqual({ net: '8.48', vat: '1.53', total: '10.01' });
  });

  it('has no VAT at 0 %', () => {
    expect(aznVatSplit('55.55', '0.00')).toEqual({ net: '55.55', vat: '0.00', total: '55.55' });
  });

  it('adds net and VAT up to exactly the total, never negative (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 99_999_999_999_99n }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, hundredths) => {
          const total = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
          const vatPercent = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
          const split = aznVatSplit(total, vatPercent);
          expect(sumMoney([split.net, split.vat])).toBe(split.total);
          expect(split.net.startsWith('-')).toBe(false);
          expect(split.vat.startsWith('-')).toBe(false);
        },
      ),
    );
  });
});

describe('[invoices] due date of a proforma invoice', () => {
  it('counts calendar days across a month and a leap day', () => {
    expect(dueDate('2024-02-27', 3)).toBe('2024-03-01');
    expect(dueDate('2025-12-30', 5)).toBe('2026-01-04');
    expect(dueDate('2025-06-10', 0)).toBe('2025-06-10');
  });
});

describe('[invoices] document numbers', () => {
  it('reads kind, year and a six-digit place, and only such numbers are accepted as a path', () => {
    expect(documentNumber('invoice', 2026, 123)).toBe('INV-2026-000123');
    expect(documentNumber('proforma', 2026, 45)).toBe('PRO-2026-000045');
    expect(documentNumber('credit_note', 2027, 7)).toBe('CN-2027-000007');
    const params = (number: string) => orderDocumentParamsSchema.safeParse({ id: '1', number });
    expect(params('INV-2026-000123').success).toBe(true);
    for (const bad of ['ESD-1', 'INV-2026-123', 'inv-2026-000123', 'XX-2026-000001', '../INV'])
      expect(params(bad).success, bad).toBe(false);
  });
});
