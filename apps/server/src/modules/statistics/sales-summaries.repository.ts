import type { Language } from '@esd/shared/constants';
import { type DayRange, wholeMonths, wholeWeeks } from '@esd/shared/statistics/statistics.dates';
import { sql } from 'drizzle-orm';
import type { Session } from '../../plugins/auth';
import { readsCountrySummaries, summaryScope } from './sales-scope.repository';

/*
 * Sales statistics read from the summaries of migrations 0010–0013 (per dealer: sales_daily,
 * sales_weekly, sales_monthly, sales_product_daily, sales_product_monthly; per country:
 * sales_product_country_daily/monthly plus sales_product_pending), never from order_items, so
 * an answer stays under 200 ms with a million items (bench/statistics.mjs).
 *
 * A sale counts when its order is paid (orders.paid_at: credit at checkout, cash when an admin
 * confirms), on that day in Baku; a cancelled paid order is removed; an approved return
 * removes the returned item. USD excl. VAT (order_items.total_usd), AZN as paid (total_azn).
 * Scope: sales-scope.repository.ts.
 */

/** Sums as the summaries hold them: money as text with 2 decimals. */
export type FiguresRow = {
  orders: number;
  quantity: number;
  amount_usd: string;
  amount_azn: string;
};

/** The column of a name or title in the request's language. */
export const langColumn = (lang: Language, prefix: 'name' | 'title') =>
  sql.raw(`${prefix}_${lang}`);

/**
 * Dealer sales of the range and scope, columns w (the Monday of the week), dealer_id,
 * country_id, orders, quantity, amount_usd, amount_azn: the whole weeks inside the range from
 * sales_weekly, the days before the first and after the last whole week from sales_daily.
 */
export const dealerSalesRows = (session: Session, range: DayRange) => {
  const { first: firstFull, end: endFull } = wholeWeeks(range);
  return sql`
  select s.week as w, s.dealer_id, s.country_id, s.orders, s.quantity, s.amount_usd, s.amount_azn
  from sales_weekly s
  where s.week >= ${firstFull}::date and s.week < ${endFull}::date and ${summaryScope(session)}
  union all
  select date_trunc('week', s.day)::date, s.dealer_id, s.country_id, s.orders, s.quantity,
    s.amount_usd, s.amount_azn
  from sales_daily s
  where s.day >= ${range.date_from}::date and s.day <= ${range.date_to}::date
    and (s.day < ${firstFull}::date or s.day >= ${endFull}::date) and ${summaryScope(session)}`;
};

/**
 * Product sales of the range (columns product_id, quantity, amount_usd, amount_azn): the whole
 * months inside it from a monthly summary, the days before the first and after the last whole
 * month from a daily one. A dealer reads its own rows of the per-dealer summaries; admins read
 * the per-country summaries plus the changes still pending their background fold.
 */
export const productSalesRows = (session: Session, range: DayRange) => {
  const { first: firstFull, end: endFull } = wholeMonths(range);
  const byCountry = readsCountrySummaries(session);
  const [monthly, daily] = byCountry
    ? [sql.raw('sales_product_country_monthly'), sql.raw('sales_product_country_daily')]
    : [sql.raw('sales_product_monthly'), sql.raw('sales_product_daily')];
  const pending = byCountry
    ? sql`union all
  select s.product_id, s.quantity, s.amount_usd, s.amount_azn
  from sales_product_pending s
  where s.day >= ${range.date_from}::date and s.day <= ${range.date_to}::date and ${summaryScope(session)}`
    : sql``;
  return sql`
  select s.product_id, s.quantity, s.amount_usd, s.amount_azn
  from ${monthly} s
  where s.month >= ${firstFull}::date and s.month < ${endFull}::date and ${summaryScope(session)}
  union all
  select s.product_id, s.quantity, s.amount_usd, s.amount_azn
  from ${daily} s
  where s.day >= ${range.date_from}::date and s.day <= ${range.date_to}::date
    and (s.day < ${firstFull}::date or s.day >= ${endFull}::date) and ${summaryScope(session)}
  ${pending}`;
};
