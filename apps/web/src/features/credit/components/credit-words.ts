import type { DealerCredit } from '@esd/shared/credit/credit.schemas';
import { compareMoney, fromCents, toCents } from '@esd/shared/shop/money';

/**
 * How much of the limit is used, in whole percent for the bar (0–100; a limit of zero with
 * something used is full). Exact cents, no floats, until the display.
 */
export const usedPercent = (credit: Pick<DealerCredit, 'limit' | 'used'>) => {
  const limit = toCents(credit.limit);
  const used = toCents(credit.used);
  if (used <= 0n) return 0;
  if (limit <= 0n || used >= limit) return 100;
  return Number((used * 100n) / limit);
};

/** Whether the dealer uses more than its limit (a limit lowered below what is used). */
export const isOverLimit = (credit: Pick<DealerCredit, 'limit' | 'used'>) =>
  compareMoney(credit.used, credit.limit) > 0;

/** The used credit as chart points (display only: the chart needs numbers). */
export const seriesPoints = (series: DealerCredit['series']) =>
  series.map((point) => ({ date: point.date, used: Number(fromCents(toCents(point.used))) }));

/** The link that opens one order on the orders page (its drawer). */
export const orderHref = (ordersPath: string, id: number) => `${ordersPath}?order=${id}`;
