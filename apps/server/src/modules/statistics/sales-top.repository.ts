import type { Language } from '@esd/shared/constants';
import { TOP_PRODUCTS, type TopProduct } from '@esd/shared/statistics/sales-statistics.schemas';
import type { DayRange } from '@esd/shared/statistics/statistics.dates';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plannedRowsOf } from '../../lib/sql';
import type { Session } from '../../plugins/auth';
import { langColumn, productSalesRows } from './sales-summaries.repository';

/**
 * The top products of the range, ranked by USD amount, then licences, then the lower id: one
 * order, so the best seller (row 1) and the list never disagree (issue 33).
 */
export const findTopProducts = async (
  db: DbOrTx,
  session: Session,
  range: DayRange,
  lang: Language,
) => {
  const title = langColumn(lang, 'title');
  const [row] = await plannedRowsOf<{ top: TopProduct[] }>(
    db,
    sql`with g as materialized (
      select product_id, sum(quantity) as quantity, sum(amount_usd) as amount_usd,
        sum(amount_azn) as amount_azn
      from (${productSalesRows(session, range)}) x group by product_id
      having sum(quantity) > 0
    )
    select coalesce(json_agg(t), '[]'::json) as top from (
      select g.product_id, p.sku, p.${title} as title, g.quantity::int as quantity,
        g.amount_usd::numeric(18, 2)::text as amount_usd, g.amount_azn::numeric(18, 2)::text as amount_azn
      from g join products p on p.id = g.product_id
      order by g.amount_usd desc, g.quantity desc, g.product_id limit ${TOP_PRODUCTS}
    ) t`,
  );
  return row?.top ?? [];
};
