import { BUSINESS_TIME_ZONE } from '@esd/shared/baku-time';
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderMoneyMovements, orders, users } from '../../db/schema';
import type { Session } from '../../plugins/auth';
import { orderScope, selectOrders } from '../orders';

/** The dealer whose credit the caller sees: a dealer its own, an end user its dealer's. */
export const findCreditDealer = async (db: DbOrTx, session: Session) => {
  const dealerId =
    session.role === 'd'
      ? session.user.id
      : (
          await db
            .select({ dealerId: users.dealerId })
            .from(users)
            .where(eq(users.id, session.user.id))
        )[0]?.dealerId;
  if (!dealerId) return undefined;
  const [dealer] = await db
    .select({ id: users.id, name: users.name, limit: users.creditLimit })
    .from(users)
    .where(and(eq(users.id, dealerId), eq(users.typeId, 3)));
  return dealer;
};

const creditOrdersOf = (dealerId: number) =>
  and(eq(orders.dealerId, dealerId), eq(orders.sellType, 2));

/**
 * The dealer's credit orders neither settled nor cancelled, with something left after their
 * refunds, that the caller may open.
 */
export const findOpenCreditOrders = (
  db: DbOrTx,
  session: Session,
  dealerId: number,
  limit: number,
) =>
  selectOrders(
    db,
    and(
      creditOrdersOf(dealerId),
      isNull(orders.creditSettledAt),
      ne(orders.status, 'cancelled'),
      sql`${orders.totalUsd} > ${orders.refundedUsd}`,
      orderScope(session),
    ),
  ).limit(limit);

/** Settlements and refunds of the dealer's credit orders the caller may open, newest first. */
export const findCreditMovements = (
  db: DbOrTx,
  session: Session,
  dealerId: number,
  limit: number,
) =>
  db
    .select({ movement: orderMoneyMovements })
    .from(orderMoneyMovements)
    .innerJoin(orders, eq(orders.id, orderMoneyMovements.orderId))
    .where(
      and(
        creditOrdersOf(dealerId),
        inArray(orderMoneyMovements.kind, ['settled', 'credit_restored', 'refunded']),
        orderScope(session),
      ),
    )
    .orderBy(desc(orderMoneyMovements.createdAt), desc(orderMoneyMovements.id))
    .limit(limit);

/**
 * How the dealer's used credit moved, by its credit orders' money trails (invariant 10): drawn
 * adds, restored and settled take off. `before`: the sum of everything before `from`; `days`:
 * the change of each Baku day from `from` on.
 */
export const findCreditChanges = async (db: DbOrTx, dealerId: number, fromDay: string) => {
  const delta = sql<string>`sum(case ${orderMoneyMovements.kind}
      when 'credit_drawn' then ${orderMoneyMovements.amountUsd}
      when 'credit_restored' then -${orderMoneyMovements.amountUsd}
      when 'settled' then -${orderMoneyMovements.amountUsd}
      else 0 end)::numeric(14, 2)::text`;
  const from: SQL = sql`(${fromDay}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
  // the zone inline, not a parameter: GROUP BY must see the very expression the SELECT has
  const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
  const day = sql<string>`to_char(${orderMoneyMovements.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
  const base = db
    .select({ delta })
    .from(orderMoneyMovements)
    .innerJoin(orders, eq(orders.id, orderMoneyMovements.orderId))
    .where(and(creditOrdersOf(dealerId), sql`${orderMoneyMovements.createdAt} < ${from}`));
  const [[before], days] = await Promise.all([
    base,
    db
      .select({ day, delta })
      .from(orderMoneyMovements)
      .innerJoin(orders, eq(orders.id, orderMoneyMovements.orderId))
      .where(and(creditOrdersOf(dealerId), sql`${orderMoneyMovements.createdAt} >= ${from}`))
      .groupBy(day),
  ]);
  return { before: before?.delta ?? '0.00', days: new Map(days.map((d) => [d.day, d.delta])) };
};
