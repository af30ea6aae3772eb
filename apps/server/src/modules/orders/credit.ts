import { remainingCredit } from '@esd/shared/orders/orders.rules';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, users } from '../../db/schema';

/** A credit order still owed: not settled, not cancelled. */
const isUnpaidCredit = () =>
  and(eq(orders.sellType, 2), isNull(orders.creditSettledAt), ne(orders.status, 'cancelled'));
const owedUsd = sql<string>`coalesce(sum(${orders.totalUsd} - ${orders.refundedUsd}), 0)::numeric(14, 2)::text`;

/** USD (VAT excluded) the dealer still owes on credit orders: not settled, not cancelled. */
const unpaidCredit = async (db: DbOrTx, dealerId: number): Promise<string> => {
  const [row] = await db
    .select({ value: owedUsd })
    .from(orders)
    .where(and(eq(orders.dealerId, dealerId), isUnpaidCredit()));
  return row?.value ?? '0.00';
};

/** `unpaidCredit` of many dealers in one query (a page of a list); absent dealers owe 0. */
export const unpaidCreditByDealer = async (
  db: DbOrTx,
  dealerIds: number[],
): Promise<Map<number, string>> => {
  if (dealerIds.length === 0) return new Map();
  const rows = await db
    .select({ dealerId: orders.dealerId, value: owedUsd })
    .from(orders)
    .where(and(inArray(orders.dealerId, dealerIds), isUnpaidCredit()))
    .groupBy(orders.dealerId);
  return new Map(rows.map((row) => [row.dealerId, row.value]));
};

/**
 * The dealer's credit. With `lock`, the dealer's row stays locked until the transaction ends:
 * every credit checkout of the dealer (its own and its users') takes this lock first, so
 * concurrent checkouts on any number of processes see each other's orders.
 */
export const dealerCredit = async (
  db: DbOrTx,
  dealerId: number,
  options: { lock?: boolean } = {},
) => {
  const query = db.select({ limit: users.creditLimit }).from(users).where(eq(users.id, dealerId));
  const [dealer] = await (options.lock ? query.for('update') : query);
  return dealer ? creditWithLimit(db, dealerId, dealer.limit) : null;
};

/** The credit of a dealer whose row (and so its limit) the caller has already read and locked. */
export const creditWithLimit = async (db: DbOrTx, dealerId: number, limit: string) => {
  const unpaid = await unpaidCredit(db, dealerId);
  return { limit, unpaid, remaining: remainingCredit(limit, unpaid) };
};
