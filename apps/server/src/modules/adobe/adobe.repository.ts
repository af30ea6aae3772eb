import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adobeCustomers, orderItems, orders } from '../../db/schema';
import type { AdobeLine } from '../../db/schema/shop';

export type AdobeCustomerRow = typeof adobeCustomers.$inferSelect;

/** The dealer's Adobe customers, by company name. */
export const findDealerCustomers = (db: DbOrTx, dealerId: number) =>
  db
    .select()
    .from(adobeCustomers)
    .where(eq(adobeCustomers.dealerId, dealerId))
    .orderBy(asc(adobeCustomers.companyName), asc(adobeCustomers.id));

/** One Adobe customer of the dealer; undefined for another dealer's. */
export const findDealerCustomer = async (db: DbOrTx, dealerId: number, id: number) => {
  const [row] = await db
    .select()
    .from(adobeCustomers)
    .where(and(eq(adobeCustomers.id, id), eq(adobeCustomers.dealerId, dealerId)));
  return row;
};

export const insertCustomer = async (db: DbOrTx, values: typeof adobeCustomers.$inferInsert) => {
  const [row] = await db.insert(adobeCustomers).values(values).returning();
  return row;
};

// ------------------------------------------------------------------ delivery

/** The order's Adobe items still waiting, while the order is in progress. */
export const findWaitingAdobeItems = (db: DbOrTx, orderId: number) =>
  db
    .select({ id: orderItems.id, quantity: orderItems.quantity, adobe: orderItems.adobe })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.providerId, PROVIDER.adobe),
        eq(orderItems.status, 'waiting'),
        eq(orders.status, 'in_progress'),
      ),
    );

/** Locks the order, then its item (the order's lock first, as every writer takes them). */
export const lockOrderAndItem = async (db: DbOrTx, orderId: number, itemId: number) => {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  const [item] = await db.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
  return { order, item };
};

/** Keeps Adobe's answer on an item that is not delivered (yet). */
export const setItemAdobe = async (db: DbOrTx, itemId: number, adobe: AdobeLine) => {
  await db.update(orderItems).set({ adobe }).where(eq(orderItems.id, itemId));
};

/** Adobe placed the order: the item is delivered in full, with Adobe's answer. */
export const setItemDeliveredByAdobe = async (
  db: DbOrTx,
  item: { id: number; quantity: number; adobe: AdobeLine },
) => {
  await db
    .update(orderItems)
    .set({
      adobe: item.adobe,
      status: 'delivered',
      delivered: item.quantity,
      deliveredAt: sql`now()`,
    })
    .where(eq(orderItems.id, item.id));
};
