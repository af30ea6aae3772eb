import type { QuarterSalesRow } from '@esd/shared/statistics/sales-statistics.rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plannedRowsOf } from '../../lib/sql';
import type { Session } from '../../plugins/auth';
import { dealerScope, summaryScope } from './sales-scope.repository';

/**
 * USD sales per dealer and quarter of a year, with the dealer's target for the quarter (null
 * when none is set): four rows for every dealer with a sale or a target in the year, by name.
 */
export const findQuarterRows = (tx: DbOrTx, session: Session, year: number) => {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  return plannedRowsOf<QuarterSalesRow>(
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
  );
};
