import { divideRounded, fromCents, PERCENT_SCALE, parseDecimal, toCents } from '../shop/money';
import { SELL_TYPE, type SellType } from '../shop/pricing.rules';

/**
 * Which document an order gets: a proforma invoice (a request to pay) while a cash order waits
 * for its payment, an invoice once it is paid or when it was placed on credit; a cancelled
 * order none.
 */
export const invoiceKind = (order: {
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled';
  sellType: SellType;
}): 'proforma' | 'invoice' | null => {
  if (order.status === 'cancelled') return null;
  if (order.status === 'pending') return order.sellType === SELL_TYPE.cash ? 'proforma' : null;
  return 'invoice';
};

const HUNDRED_PERCENT = 10_000n; // 100.00 % in hundredths

/**
 * The order's AZN total (VAT included, as stored on the order) split into the net amount and
 * its VAT: VAT = total × rate / (100 + rate), rounded once to the qəpik, and net = total − VAT,
 * so the two always add up to exactly the order's total.
 */
export const aznVatSplit = (totalAzn: string, vatPercent: string) => {
  const total = toCents(totalAzn);
  const vatRate = parseDecimal(vatPercent, PERCENT_SCALE);
  // money-floats: BigInt cents × hundredths
  const vat = divideRounded(total * vatRate, HUNDRED_PERCENT + vatRate);
  return { net: fromCents(total - vat), vat: fromCents(vat), total: fromCents(total) };
};

/** The calendar day `days` after a `YYYY-MM-DD` day: when a proforma invoice is due. */
export const dueDate = (placedOn: string, days: number): string => {
  const [year, month, day] = placedOn.split('-').map(Number);
  const due = new Date(Date.UTC(year!, month! - 1, day! + days));
  return due.toISOString().slice(0, 10);
};
