import { BUSINESS_TIME_ZONE } from '@esd/shared/baku-time';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adobeCustomers, orderItems, orders, users } from '../../db/schema';
import { ldCountryIds } from '../../lib/local-district';
import { plannedRowsOf } from '../../lib/sql';
import type { Session } from '../../plugins/auth';
import { orderScope } from '../orders';

const ADOBE_PROVIDER_ID = 3;
const TOP_CUSTOMERS = 10;

/** The first day of this month in Baku, `back` months earlier, as a local timestamp. */
const monthStart = (back: number) =>
  sql`(date_trunc('month', now() at time zone ${BUSINESS_TIME_ZONE}) - make_interval(months => ${back}::int))`;

/**
 * The counted Adobe lines the viewer may see since the first of the first month: order
 * items of provider 3, the order not cancelled, the item not returned.
 */
const adobeLines = (session: Session, months: number) => sql`adobe_lines as (
  select ${orders.id} as order_id,
    ${orders.createdAt} as created_at,
    to_char(${orders.createdAt} at time zone ${BUSINESS_TIME_ZONE}, 'YYYY-MM') as month,
    ${orderItems.quantity} as quantity,
    ${orderItems.totalUsd} as total_usd,
    ${orderItems.adobe}->>'customer_id' as customer_id,
    ${orderItems.adobe}->>'company_name' as company_name,
    ${orderItems.adobe}->>'market_segment' as market_segment,
    coalesce((${orderItems.adobe}->>'three_year_commitment')::boolean, false) as three_year
  from ${orderItems}
  join ${orders} on ${orders.id} = ${orderItems.orderId}
  where ${and(
    eq(orderItems.providerId, ADOBE_PROVIDER_ID),
    ne(orders.status, 'cancelled'),
    ne(orderItems.status, 'returned'),
    sql`${orders.createdAt} >= (${monthStart(months - 1)} at time zone ${BUSINESS_TIME_ZONE})`,
    orderScope(session),
  )}
)`;

/** Sums of USD stay numeric in SQL and leave it as text with 2 decimals. */
const usdSum = (column: SQL) => sql`coalesce(sum(${column}), 0)::numeric(16, 2)::text`;

type MonthRow = { month: string; orders: number; licences: number; total_usd: string };
type TotalsRow = {
  orders: number;
  licences: number;
  total_usd: string;
  three_year_licences: number;
  three_year_share_percent: string;
};
export type SegmentRow = { market_segment: string | null; customers: number };
type TopRow = {
  customer_id: string;
  company_name: string;
  market_segment: string | null;
  licences: number;
  total_usd: string;
};

/** What every read takes: the viewer and how many months back, this one included. */
type Lines = { session: Session; months: number };

/** Each month's orders, licences and USD, oldest first, empty months as zeros. */
export const findMonths = (db: DbOrTx, { session, months }: Lines) =>
  plannedRowsOf<MonthRow>(
    db,
    sql`with ${adobeLines(session, months)}
    select to_char(m, 'YYYY-MM') as month,
      count(distinct l.order_id)::int as orders,
      coalesce(sum(l.quantity), 0)::int as licences,
      ${usdSum(sql`l.total_usd`)} as total_usd
    from generate_series(${monthStart(months - 1)}, ${monthStart(0)}, interval '1 month') as m
    left join adobe_lines l on l.month = to_char(m, 'YYYY-MM')
    group by m
    order by m`,
  );

export const findTotals = async (db: DbOrTx, { session, months }: Lines) =>
  (
    await plannedRowsOf<TotalsRow>(
      db,
      sql`with ${adobeLines(session, months)}
    select count(distinct order_id)::int as orders,
      coalesce(sum(quantity), 0)::int as licences,
      ${usdSum(sql`total_usd`)} as total_usd,
      coalesce(sum(quantity) filter (where three_year), 0)::int as three_year_licences,
      coalesce(round(100.0 * sum(quantity) filter (where three_year) / nullif(sum(quantity), 0), 1),
        0)::numeric(4, 1)::text as three_year_share_percent
    from adobe_lines`,
    )
  )[0];

/** A customer's segment is the one of its latest line (a customer has one segment at Adobe). */
export const findSegments = (db: DbOrTx, { session, months }: Lines) =>
  plannedRowsOf<SegmentRow>(
    db,
    sql`with ${adobeLines(session, months)},
    customers as (
      select distinct on (customer_id) customer_id, market_segment
      from adobe_lines where customer_id is not null
      order by customer_id, created_at desc
    )
    select market_segment, count(*)::int as customers from customers group by market_segment`,
  );

export const findTopCustomers = (db: DbOrTx, { session, months }: Lines) =>
  plannedRowsOf<TopRow>(
    db,
    sql`with ${adobeLines(session, months)}
    select customer_id,
      coalesce((array_agg(company_name order by created_at desc))[1], customer_id) as company_name,
      (array_agg(market_segment order by created_at desc))[1] as market_segment,
      sum(quantity)::int as licences,
      ${usdSum(sql`total_usd`)} as total_usd
    from adobe_lines where customer_id is not null
    group by customer_id
    order by sum(total_usd) desc, sum(quantity) desc, 2
    limit ${TOP_CUSTOMERS}`,
  );

/**
 * The registered Adobe customers (adobe_customers) the viewer may see: a dealer its own, a
 * local district admin those of dealers in its countries, a global admin all.
 */
const customerScope = (session: Session): SQL | undefined => {
  const me = session.user.id;
  switch (session.role) {
    case 'gd':
      return undefined;
    case 'ld':
      return inArray(users.countryId, ldCountryIds(me));
    case 'd':
      return eq(adobeCustomers.dealerId, me);
    case 'u':
      return sql`false`;
  }
};

/** Registered customers without a counted sale in the chosen months. */
export const countCustomersWithoutOrders = async (db: DbOrTx, { session, months }: Lines) => {
  const [row] = await plannedRowsOf<{ customers: number }>(
    db,
    sql`with ${adobeLines(session, months)}
    select count(*)::int as customers
    from ${adobeCustomers}
    join ${users} on ${users.id} = ${adobeCustomers.dealerId}
    where ${and(
      customerScope(session),
      sql`not exists (select 1 from adobe_lines l where l.customer_id = ${adobeCustomers.customerId})`,
    )}`,
  );
  return row?.customers ?? 0;
};
