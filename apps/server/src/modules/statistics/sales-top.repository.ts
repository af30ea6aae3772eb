import type { Language } from '@esd/shared/constants';
import { TOP_PRODUCTS, type TopProduct } from '@esd/shared/statistics/sales-statistics.schemas';
import type { DayRange } from '@esd/shared/statistics/statistics.dates';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plannedRowsOf } from '../../lib/sql';
import type { Session } from '../../plugins/auth';
import { langColumn, productSalesRows } from './sales-summaries.repository';

/** The top products by USD and the best seller by licences, in one scan of the range. */
export const findTopProducts = async (
  db: DbOrTx,
  session: Session,
  range: DayRange,
  lang: Language,
) => {
  const title = langColumn(lang, 'title');
  const select = (order: SQL, limit: number) => sql`(
    select coalesce(json_agg(t), '[]'::json) from (
      select g.product_id, p.sku, p.${title} as title, g.quantity::int as quantity,
        g.amount_usd::numeric(18, 2)::text as amount_usd, g.amount_azn::numeric(18, 2)::text as amount_azn
      from g join products p on p.id = g.product_id
      order by ${order}, g.product_id limit ${limit}
    ) t
  )`;
  const [row] = await plannedRowsOf<{ top: TopProduct[]; best: TopProduct[] }>(
    db,
    sql`with g as materialized (
      select product_id, sum(quantity) as quantity, sum(amount_usd) as amount_usd,
        sum(amount_azn) as amount_azn
      from (${productSalesRows(session, range)}) x group by product_id
      having sum(quantity) > 0
    )
    select ${select(sql`g.amount_usd desc, g.quantity desc`, TOP_PRODUCTS)} as top,
      ${select(sql`g.quantity desc, g.amount_usd desc`, 1)} as best`,
  );
  return row;
};
