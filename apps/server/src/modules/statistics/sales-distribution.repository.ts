import type { Language } from '@esd/shared/constants';
import {
  DISTRIBUTION_TOP,
  type DistributionSlice,
} from '@esd/shared/statistics/sales-statistics.schemas';
import type { DayRange } from '@esd/shared/statistics/statistics.dates';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plannedRowsOf } from '../../lib/sql';
import type { Session } from '../../plugins/auth';
import {
  dealerSalesRows,
  type FiguresRow,
  langColumn,
  productSalesRows,
} from './sales-summaries.repository';

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

/** A ranked slice as read: no name for "other" or a missing one, and its rank. */
export type SliceRow = Omit<DistributionSlice, 'name'> & { name: string | null; rn: number };

type DistributionRow = {
  totals: FiguresRow;
  countries: SliceRow[];
  dealers: SliceRow[];
  categories: SliceRow[];
  products: SliceRow[];
};

/**
 * One statement; the dealer and the product sums of the range are read once each
 * (materialized) and ranked four ways.
 */
export const findDistribution = async (
  db: DbOrTx,
  session: Session,
  range: DayRange,
  lang: Language,
) => {
  const name = langColumn(lang, 'name');
  const title = langColumn(lang, 'title');
  const sumsOf = (key: string) =>
    sql.raw(`select ${key} as key, sum(orders) as orders, sum(quantity) as quantity,
      sum(amount_usd) as amount_usd, sum(amount_azn) as amount_azn`);
  const [row] = await plannedRowsOf<DistributionRow>(
    db,
    sql`with d as materialized (
      select dealer_id, country_id, sum(orders) as orders, sum(quantity) as quantity,
        sum(amount_usd) as amount_usd, sum(amount_azn) as amount_azn
      from (${dealerSalesRows(session, range)}) x group by dealer_id, country_id
    ), p as materialized (
      select x.product_id, coalesce(pr.category_id, 0) as category_id, 0 as orders,
        sum(x.quantity) as quantity, sum(x.amount_usd) as amount_usd, sum(x.amount_azn) as amount_azn
      from (${productSalesRows(session, range)}) x left join products pr on pr.id = x.product_id
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
  return row;
};
