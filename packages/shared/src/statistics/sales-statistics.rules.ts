import { divideRounded, formatDecimal, sumMoney, toCents } from '../shop/money';
import type { QuarterCell, QuarterStatistics } from './sales-statistics.schemas';

/** sales / target in percent with 1 decimal, rounded half away from zero; null without a target. */
export const achievedPercent = (sales: string, target: string | null): string | null => {
  if (target === null || toCents(target) === 0n) return null;
  return formatDecimal(divideRounded(toCents(sales) * 1000n, toCents(target)), 1);
};

const addCents = (a: string, b: string) => sumMoney([a, b]);

/** One dealer's USD sales in one quarter, with its target (null when none is set). */
export type QuarterSalesRow = {
  dealer_id: number;
  dealer_name: string;
  quarter: number;
  sales_usd: string;
  target_usd: string | null;
};

/**
 * The quarter report of a year from its rows (the four quarters of each dealer, dealers in
 * the order to show): each quarter and the year against the targets, and the dealers summed
 * per quarter. A comparison only compares like with like: a dealer's year against the sum of
 * its four quarterly targets only when all four are set, and a quarter's total only when every
 * dealer listed has a target for it. Otherwise sales are shown without a target or percent.
 */
export const quarterReport = (year: number, rows: QuarterSalesRow[]): QuarterStatistics => {
  const dealers = new Map<number, QuarterStatistics['dealers'][number]>();
  const targetsSet = new Map<number, number>();
  const totals: QuarterCell[] = [1, 2, 3, 4].map((quarter) => ({
    quarter,
    sales_usd: '0.00',
    target_usd: '0.00',
    percent: null,
  }));
  const untargeted = new Set<number>();
  for (const row of rows) {
    let dealer = dealers.get(row.dealer_id);
    if (!dealer) {
      dealer = {
        dealer_id: row.dealer_id,
        dealer_name: row.dealer_name,
        quarters: [],
        year: { sales_usd: '0.00', target_usd: '0.00', percent: null },
      };
      dealers.set(row.dealer_id, dealer);
    }
    dealer.quarters.push({
      quarter: row.quarter,
      sales_usd: row.sales_usd,
      target_usd: row.target_usd,
      percent: achievedPercent(row.sales_usd, row.target_usd),
    });
    dealer.year.sales_usd = addCents(dealer.year.sales_usd, row.sales_usd);
    const total = totals[row.quarter - 1]!;
    total.sales_usd = addCents(total.sales_usd, row.sales_usd);
    if (row.target_usd === null) {
      untargeted.add(row.quarter);
    } else {
      dealer.year.target_usd = addCents(dealer.year.target_usd ?? '0.00', row.target_usd);
      targetsSet.set(row.dealer_id, (targetsSet.get(row.dealer_id) ?? 0) + 1);
      total.target_usd = addCents(total.target_usd ?? '0.00', row.target_usd);
    }
  }
  for (const dealer of dealers.values()) {
    if (targetsSet.get(dealer.dealer_id) === 4) {
      dealer.year.percent = achievedPercent(dealer.year.sales_usd, dealer.year.target_usd);
    } else {
      dealer.year.target_usd = null;
    }
  }
  for (const total of totals) {
    if (untargeted.has(total.quarter) || dealers.size === 0) total.target_usd = null;
    total.percent = achievedPercent(total.sales_usd, total.target_usd);
  }
  return { year, dealers: [...dealers.values()], totals };
};
