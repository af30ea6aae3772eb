import { remainingCredit } from '@esd/shared/orders/orders.rules';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, users } from '../../db/schema';

/** USD (VAT excluded) the dealer still owes on credit orders: not settled, not cancelled. */
export const unpaidCredit = async (db: DbOrTx, dealerId: number): Promise<string> => {
  const [row] = await db
    .select({
      value: sql<string>`coalesce(sum(${orders.totalUsd} - ${orders.refundedUsd}), 0)::numeric(14, 2)::text`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.dealerId, dealerId),
        eq(orders.sellType, 2),
        isNull(orders.creditSettledAt),
        ne(orders.status, 'cancelled'),
      ),
    );
  return row?.value ?? '0.00';
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
  if (!dealer) return null;
  const unpaid = await unpaidCredit(db, dealerId);
  return { limit: dealer.limit, unpaid, remaining: remainingCredit(dealer.limit, unpaid) };
};
