import { addDays, type DayRange, weekStart } from '@esd/shared/statistics/statistics.dates';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plannedRowsOf } from '../../lib/sql';
import type { Session } from '../../plugins/auth';
import { dealerSalesRows, type FiguresRow } from './sales-summaries.repository';

type WeekRow = FiguresRow & { week_start: string; week: string };
type KpiRow = {
  this_orders: number;
  this_quantity: number;
  this_usd: string;
  this_azn: string;
  last_orders: number;
  last_quantity: number;
  last_usd: string;
  last_azn: string;
  avg_orders: string;
  avg_quantity: string;
  avg_usd: string;
  avg_azn: string;
  change_orders: string | null;
  change_usd: string | null;
  change_azn: string | null;
};

const sums = () =>
  sql.raw(`coalesce(sum(orders), 0)::int as orders,
  coalesce(sum(quantity), 0)::int as quantity,
  coalesce(sum(amount_usd), 0)::numeric(18, 2)::text as amount_usd,
  coalesce(sum(amount_azn), 0)::numeric(18, 2)::text as amount_azn`);

const change = (current: string, previous: string) =>
  sql.raw(`case when ${previous} = 0 then null
    else round((${current} - ${previous}) * 100.0 / ${previous}, 1)::numeric(12, 1)::text end`);

/** Every ISO week touching the range, oldest first, counting only days inside it. */
export const findWeeks = (tx: DbOrTx, session: Session, range: DayRange) =>
  plannedRowsOf<WeekRow>(
    tx,
    sql`with d as (
      select w, ${sums()} from (${dealerSalesRows(session, range)}) x group by 1
    )
    select to_char(g.wk, 'YYYY-MM-DD') as week_start, to_char(g.wk, 'IYYY-"W"IW') as week,
      coalesce(d.orders, 0)::int as orders, coalesce(d.quantity, 0)::int as quantity,
      coalesce(d.amount_usd, '0.00') as amount_usd, coalesce(d.amount_azn, '0.00') as amount_azn
    from generate_series(${weekStart(range.date_from)}::date, ${range.date_to}::date, interval '1 week') as g(wk)
    left join d on d.w = g.wk::date
    order by g.wk`,
  );

/** The sums of the range. */
export const findTotals = async (tx: DbOrTx, session: Session, range: DayRange) =>
  (
    await plannedRowsOf<FiguresRow>(
      tx,
      sql`select ${sums()} from (${dealerSalesRows(session, range)}) x`,
    )
  )[0];

/**
 * The week from `thisMonday` against the week before it and the average of the 4 weeks before
 * it, read from `range` (those 5 weeks).
 */
export const findWeekKpi = async (
  tx: DbOrTx,
  session: Session,
  { thisMonday, range }: { thisMonday: string; range: DayRange },
) =>
  (
    await plannedRowsOf<KpiRow>(
      tx,
      sql`with d as (
        select w, sum(orders) as o, sum(quantity) as q,
          sum(amount_usd) as u, sum(amount_azn) as a
        from (${dealerSalesRows(session, range)}) x group by 1
      ), k as (
        select
          coalesce(sum(o) filter (where w = ${thisMonday}::date), 0) as this_o,
          coalesce(sum(q) filter (where w = ${thisMonday}::date), 0) as this_q,
          coalesce(sum(u) filter (where w = ${thisMonday}::date), 0) as this_u,
          coalesce(sum(a) filter (where w = ${thisMonday}::date), 0) as this_a,
          coalesce(sum(o) filter (where w = ${addDays(thisMonday, -7)}::date), 0) as last_o,
          coalesce(sum(q) filter (where w = ${addDays(thisMonday, -7)}::date), 0) as last_q,
          coalesce(sum(u) filter (where w = ${addDays(thisMonday, -7)}::date), 0) as last_u,
          coalesce(sum(a) filter (where w = ${addDays(thisMonday, -7)}::date), 0) as last_a,
          coalesce(sum(o) filter (where w < ${thisMonday}::date), 0) as prev_o,
          coalesce(sum(q) filter (where w < ${thisMonday}::date), 0) as prev_q,
          coalesce(sum(u) filter (where w < ${thisMonday}::date), 0) as prev_u,
          coalesce(sum(a) filter (where w < ${thisMonday}::date), 0) as prev_a
        from d
      )
      select this_o::int as this_orders, this_q::int as this_quantity,
        this_u::numeric(18, 2)::text as this_usd, this_a::numeric(18, 2)::text as this_azn,
        last_o::int as last_orders, last_q::int as last_quantity,
        last_u::numeric(18, 2)::text as last_usd, last_a::numeric(18, 2)::text as last_azn,
        round(prev_o / 4.0, 1)::numeric(12, 1)::text as avg_orders,
        round(prev_q / 4.0, 1)::numeric(12, 1)::text as avg_quantity,
        round(prev_u / 4, 2)::numeric(18, 2)::text as avg_usd,
        round(prev_a / 4, 2)::numeric(18, 2)::text as avg_azn,
        ${change('this_o', 'last_o')} as change_orders,
        ${change('this_u', 'last_u')} as change_usd,
        ${change('this_a', 'last_a')} as change_azn
      from k`,
    )
  )[0];
