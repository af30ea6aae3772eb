import type { Language } from '@esd/shared/constants';
import { divideRounded, formatDecimal, sumMoney, toCents } from '@esd/shared/shop/money';
import {
  DISTRIBUTION_TOP,
  type DistributionSlice,
  type DistributionStatistics,
  type QuarterCell,
  type QuarterStatistics,
  rangeProblem,
  type SalesFigures,
  TOP_PRODUCTS,
  type TopProducts,
  type WeeklyStatistics,
} from '@esd/shared/statistics/sales-statistics.schemas';
import {
  addDays,
  bakuToday,
  type DayRange,
  defaultRange,
  weekStart,
  wholeMonths,
  wholeWeeks,
} from '@esd/shared/statistics/statistics.dates';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, planEachCall } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';

/*
 * Sales statistics read from the summaries of migrations 0010–0013 (per dealer: sales_daily,
 * sales_weekly, sales_monthly, sales_product_daily, sales_product_monthly; per country:
 * sales_product_country_daily/monthly plus sales_product_pending), never from order_items, so
 * an answer stays under 200 ms with a million items (bench/statistics.mjs).
 *
 * A sale counts when its order is paid (orders.paid_at: credit at checkout, cash when an admin
 * confirms), on that day in Baku; a cancelled paid order is removed; an approved return
 * removes the returned item. USD excl. VAT (order_items.total_usd), AZN as paid (total_azn).
 * Scope: gd all; ld the orders whose country is one of its countries; d its own orders.
 */

type Rows<T> = { rows: T[] };
/** Planned on every call: the best plan depends on the range (db/client.ts). */
const rowsOf = async <T>(db: DbOrTx, query: SQL) =>
  ((await db.execute(planEachCall(query))) as unknown as Rows<T>).rows;

export type Range = DayRange;

/** Fills a missing end with the default range and refuses a backwards or too long one. */
export const resolveRange = (query: { date_from?: string; date_to?: string }): Range => {
  const date_to = query.date_to ?? bakuToday();
  const date_from = query.date_from ?? defaultRange(date_to).date_from;
  const problem = rangeProblem(date_from, date_to);
  if (problem)
    throw new AppError('VALIDATION_FAILED', problem, {
      issues: [{ path: ['date_from'], message: problem }],
    });
  return { date_from, date_to };
};

/** The summaries' rows the viewer may see (alias `s`). A user sees none (routes refuse it). */
const summaryScope = (session: Session): SQL => {
  switch (session.role) {
    case 'gd':
      return sql`true`;
    case 'ld':
      return sql`s.country_id in (select country_id from local_district_countries where user_id = ${session.user.id})`;
    case 'd':
      return sql`s.dealer_id = ${session.user.id}`;
    case 'u':
      return sql`false`;
  }
};

/** The dealers the viewer may see targets of: ld by the dealer's country (spec 6). */
const dealerScope = (session: Session, dealerColumn: SQL): SQL => {
  switch (session.role) {
    case 'gd':
      return sql`true`;
    case 'ld':
      return sql`${dealerColumn} in (select u.id from users u where u.country_id in
        (select country_id from local_district_countries where user_id = ${session.user.id}))`;
    case 'd':
      return sql`${dealerColumn} = ${session.user.id}`;
    case 'u':
      return sql`false`;
  }
};

/**
 * Dealer sales of the range and scope, columns w (the Monday of the week), dealer_id,
 * country_id, orders, quantity, amount_usd, amount_azn: the whole weeks inside the range from
 * sales_weekly, the days before the first and after the last whole week from sales_daily.
 */
const dailyRows = (session: Session, range: Range) => {
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

const isAdmin = (session: Session) => session.role === 'gd' || session.role === 'ld';

/**
 * Product sales of the range (columns product_id, quantity, amount_usd, amount_azn): the whole
 * months inside it from a monthly summary, the days before the first and after the last whole
 * month from a daily one. A dealer reads its own rows of the per-dealer summaries; admins read
 * the per-country summaries plus the changes still pending their background fold.
 */
const productRows = (session: Session, range: Range) => {
  const { first: firstFull, end: endFull } = wholeMonths(range);
  const [monthly, daily] = isAdmin(session)
    ? [sql.raw('sales_product_country_monthly'), sql.raw('sales_product_country_daily')]
    : [sql.raw('sales_product_monthly'), sql.raw('sales_product_daily')];
  const pending = isAdmin(session)
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

/** Every read of one answer sees the same snapshot. */
const snapshot = <T>(db: Db, read: (tx: DbOrTx) => Promise<T>) =>
  db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });

type FiguresRow = { orders: number; quantity: number; amount_usd: string; amount_azn: string };
const figures = (row: FiguresRow | undefined): SalesFigures => ({
  orders: row?.orders ?? 0,
  quantity: row?.quantity ?? 0,
  amount_usd: row?.amount_usd ?? '0.00',
  amount_azn: row?.amount_azn ?? '0.00',
});

const sums = (prefix = '') =>
  sql.raw(`coalesce(sum(${prefix}orders), 0)::int as orders,
  coalesce(sum(${prefix}quantity), 0)::int as quantity,
  coalesce(sum(${prefix}amount_usd), 0)::numeric(18, 2)::text as amount_usd,
  coalesce(sum(${prefix}amount_azn), 0)::numeric(18, 2)::text as amount_azn`);

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

const change = (current: string, previous: string) =>
  sql.raw(`case when ${previous} = 0 then null
    else round((${current} - ${previous}) * 100.0 / ${previous}, 1)::numeric(12, 1)::text end`);

/** GET /api/statistics/weekly */
export const weeklyStatistics = async (
  db: Db,
  session: Session,
  range: Range,
): Promise<WeeklyStatistics> => {
  const thisMonday = weekStart(range.date_to);
  const kpiRange = { date_from: addDays(thisMonday, -28), date_to: range.date_to };
  const { weeks, totals, kpi } = await snapshot(db, async (tx) => ({
    weeks: await rowsOf<WeekRow>(
      tx,
      sql`with d as (
        select w, ${sums()} from (${dailyRows(session, range)}) x group by 1
      )
      select to_char(g.wk, 'YYYY-MM-DD') as week_start, to_char(g.wk, 'IYYY-"W"IW') as week,
        coalesce(d.orders, 0)::int as orders, coalesce(d.quantity, 0)::int as quantity,
        coalesce(d.amount_usd, '0.00') as amount_usd, coalesce(d.amount_azn, '0.00') as amount_azn
      from generate_series(${weekStart(range.date_from)}::date, ${range.date_to}::date, interval '1 week') as g(wk)
      left join d on d.w = g.wk::date
      order by g.wk`,
    ),
    totals: (
      await rowsOf<FiguresRow>(tx, sql`select ${sums()} from (${dailyRows(session, range)}) x`)
    )[0],
    kpi: (
      await rowsOf<KpiRow>(
        tx,
        sql`with d as (
          select w, sum(orders) as o, sum(quantity) as q,
            sum(amount_usd) as u, sum(amount_azn) as a
          from (${dailyRows(session, kpiRange)}) x group by 1
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
    )[0],
  }));
  if (!kpi) throw new Error('weekly KPI query returned no row');
  return {
    ...range,
    weeks,
    totals: figures(totals),
    current: {
      week_start: thisMonday,
      this_week: {
        orders: kpi.this_orders,
        quantity: kpi.this_quantity,
        amount_usd: kpi.this_usd,
        amount_azn: kpi.this_azn,
      },
      last_week: {
        orders: kpi.last_orders,
        quantity: kpi.last_quantity,
        amount_usd: kpi.last_usd,
        amount_azn: kpi.last_azn,
      },
      average_previous_4: {
        orders: kpi.avg_orders,
        quantity: kpi.avg_quantity,
        amount_usd: kpi.avg_usd,
        amount_azn: kpi.avg_azn,
      },
      change_percent: {
        orders: kpi.change_orders,
        amount_usd: kpi.change_usd,
        amount_azn: kpi.change_azn,
      },
    },
  };
};

const otherLabel: Record<Language, string> = { en: 'Other', ru: 'Другие', az: 'Digər' };
const noneLabel: Record<Language, string> = { en: 'None', ru: 'Нет', az: 'Yoxdur' };
const langColumn = (lang: Language, prefix: 'name' | 'title') => sql.raw(`${prefix}_${lang}`);

/**
 * The top entries of `grouped` (columns key, orders, quantity, amount_usd, amount_azn) by USD,
 * the rest summed as one "other" slice (only when that sums two or more), named by `names`
 * (a select of key, name), as a JSON array in rank order.
 */
const rankedJson = (grouped: SQL, names: SQL) => sql`(
  select coalesce(json_agg(x order by x.rn), '[]'::json) from (
    select b.key as id, nm.name, b.count, b.orders::int as orders, b.quantity::int as quantity,
      b.amount_usd::numeric(18, 2)::text as amount_usd, b.amount_azn::numeric(18, 2)::text as amount_azn,
      case when b.total = 0 then '0.0' else round(b.amount_usd * 100 / b.total, 1)::numeric(5, 1)::text end
        as share_percent,
      b.rn
    from (
      select case when rn <= ${DISTRIBUTION_TOP} or n <= ${DISTRIBUTION_TOP + 1} then key end as key,
        count(*)::int as count, sum(orders) as orders, sum(quantity) as quantity,
        sum(amount_usd) as amount_usd, sum(amount_azn) as amount_azn, min(rn) as rn, max(total) as total
      from (
        select g.*, row_number() over (order by amount_usd desc, quantity desc, key) as rn,
          count(*) over () as n, sum(amount_usd) over () as total
        from (${grouped}) g
      ) r
      group by 1
    ) b
    left join (${names}) nm on nm.key = b.key
  ) x
)`;

type SliceRow = Omit<DistributionSlice, 'name'> & { name: string | null; rn: number };

const slices = (rows: SliceRow[], lang: Language): DistributionSlice[] =>
  rows.map(({ rn: _rn, ...row }) => ({
    ...row,
    id: row.id === null ? null : Number(row.id),
    name: row.id === null ? `${otherLabel[lang]} (${row.count})` : (row.name ?? noneLabel[lang]),
  }));

type DistributionRow = {
  totals: FiguresRow;
  countries: SliceRow[];
  dealers: SliceRow[];
  categories: SliceRow[];
  products: SliceRow[];
};

/**
 * GET /api/statistics/distribution: one statement; the dealer and the product sums of the
 * range are read once each (materialized) and ranked four ways.
 */
export const distributionStatistics = async (
  db: Db,
  session: Session,
  range: Range,
  lang: Language,
): Promise<DistributionStatistics> => {
  const name = langColumn(lang, 'name');
  const title = langColumn(lang, 'title');
  const sumsOf = (key: string) =>
    sql.raw(`select ${key} as key, sum(orders) as orders, sum(quantity) as quantity,
      sum(amount_usd) as amount_usd, sum(amount_azn) as amount_azn`);
  const [row] = await rowsOf<DistributionRow>(
    db,
    sql`with d as materialized (
      select dealer_id, country_id, sum(orders) as orders, sum(quantity) as quantity,
        sum(amount_usd) as amount_usd, sum(amount_azn) as amount_azn
      from (${dailyRows(session, range)}) x group by dealer_id, country_id
    ), p as materialized (
      select x.product_id, coalesce(pr.category_id, 0) as category_id, 0 as orders,
        sum(x.quantity) as quantity, sum(x.amount_usd) as amount_usd, sum(x.amount_azn) as amount_azn
      from (${productRows(session, range)}) x left join products pr on pr.id = x.product_id
      group by x.product_id, pr.category_id
    )
    select
      (select json_build_object(
        'orders', coalesce(sum(orders), 0)::int, 'quantity', coalesce(sum(quantity), 0)::int,
        'amount_usd', coalesce(sum(amount_usd), 0)::numeric(18, 2)::text,
        'amount_azn', coalesce(sum(amount_azn), 0)::numeric(18, 2)::text) from d) as totals,
      ${rankedJson(sql`${sumsOf('country_id')} from d group by country_id`, sql`select id as key, ${name} as name from countries`)} as countries,
      ${rankedJson(sql`${sumsOf('dealer_id')} from d group by dealer_id`, sql`select id as key, name from users`)} as dealers,
      ${rankedJson(sql`${sumsOf('category_id')} from p group by category_id`, sql`select id as key, ${name} as name from categories`)} as categories,
      ${rankedJson(sql`${sumsOf('product_id')} from p group by product_id`, sql`select id as key, ${title} as name from products`)} as products`,
  );
  if (!row) throw new Error('distribution query returned no row');
  return {
    ...range,
    totals: figures(row.totals),
    countries: slices(row.countries, lang),
    dealers: slices(row.dealers, lang),
    categories: slices(row.categories, lang),
    products: slices(row.products, lang),
  };
};

type TopRow = {
  product_id: number;
  sku: string;
  title: string;
  quantity: number;
  amount_usd: string;
  amount_azn: string;
};

/** GET /api/statistics/top-products: top 5 by USD and the best seller by licences, one scan. */
export const topProducts = async (
  db: Db,
  session: Session,
  range: Range,
  lang: Language,
): Promise<TopProducts> => {
  const title = langColumn(lang, 'title');
  const select = (order: SQL, limit: number) => sql`(
    select coalesce(json_agg(t), '[]'::json) from (
      select g.product_id, p.sku, p.${title} as title, g.quantity::int as quantity,
        g.amount_usd::numeric(18, 2)::text as amount_usd, g.amount_azn::numeric(18, 2)::text as amount_azn
      from g join products p on p.id = g.product_id
      order by ${order}, g.product_id limit ${limit}
    ) t
  )`;
  const [row] = await rowsOf<{ top: TopRow[]; best: TopRow[] }>(
    db,
    sql`with g as materialized (
      select product_id, sum(quantity) as quantity, sum(amount_usd) as amount_usd,
        sum(amount_azn) as amount_azn
      from (${productRows(session, range)}) x group by product_id
      having sum(quantity) > 0
    )
    select ${select(sql`g.amount_usd desc, g.quantity desc`, TOP_PRODUCTS)} as top,
      ${select(sql`g.quantity desc, g.amount_usd desc`, 1)} as best`,
  );
  return { ...range, top: row?.top ?? [], best_seller: row?.best[0] ?? null };
};

type QuarterRow = {
  dealer_id: number;
  dealer_name: string;
  quarter: number;
  sales_usd: string;
  target_usd: string | null;
};

/** sales / target in percent with 1 decimal, rounded half away from zero; null without a target. */
const achieved = (sales: string, target: string | null): string | null => {
  if (target === null || toCents(target) === 0n) return null;
  return formatDecimal(divideRounded(toCents(sales) * 1000n, toCents(target)), 1);
};

const addCents = (a: string, b: string) => sumMoney([a, b]);

/** GET /api/statistics/quarter: sales per dealer and quarter against its targets. */
export const quarterStatistics = async (
  db: Db,
  session: Session,
  year: number,
): Promise<QuarterStatistics> => {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const rows = await snapshot(db, (tx) =>
    rowsOf<QuarterRow>(
      tx,
      sql`with s as (
        select s.dealer_id, extract(quarter from s.month)::int as quarter, sum(s.amount_usd) as usd
        from sales_monthly s
        where s.month >= ${from}::date and s.month <= ${to}::date and ${summaryScope(session)}
        group by 1, 2
      ), t as (
        select dealer_id, quarter::int as quarter, amount_usd
        from targets where year = ${year} and ${dealerScope(session, sql`dealer_id`)}
      ), k as (
        select dealer_id from s union select dealer_id from t
      )
      select k.dealer_id, u.name as dealer_name, q as quarter,
        coalesce(s.usd, 0)::numeric(18, 2)::text as sales_usd, t.amount_usd::text as target_usd
      from k join users u on u.id = k.dealer_id
      cross join generate_series(1, 4) as q
      left join s on s.dealer_id = k.dealer_id and s.quarter = q
      left join t on t.dealer_id = k.dealer_id and t.quarter = q
      order by u.name, k.dealer_id, q`,
    ),
  );
  // A comparison only compares like with like: a dealer's year against the sum of its four
  // quarterly targets only when all four are set, and a quarter's total only when every dealer
  // listed has a target for it. Otherwise sales are shown without a target or percent.
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
      percent: achieved(row.sales_usd, row.target_usd),
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
      dealer.year.percent = achieved(dealer.year.sales_usd, dealer.year.target_usd);
    } else {
      dealer.year.target_usd = null;
    }
  }
  for (const total of totals) {
    if (untargeted.has(total.quarter) || dealers.size === 0) total.target_usd = null;
    total.percent = achieved(total.sales_usd, total.target_usd);
  }
  return { year, dealers: [...dealers.values()], totals };
};
