import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  adobeCustomers,
  adobeRenewalMails,
  orderItems,
  orders,
  products,
  users,
} from '../../db/schema';
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

/** The catalogue's active Adobe products with these SKUs (the base offers of subscriptions). */
export const findAdobeProductsBySku = (db: DbOrTx, skus: string[]) =>
  skus.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: products.id,
          sku: products.sku,
          titleEn: products.titleEn,
          titleRu: products.titleRu,
          titleAz: products.titleAz,
        })
        .from(products)
        .where(
          and(
            inArray(products.sku, skus),
            eq(products.providerId, PROVIDER.adobe),
            eq(products.isActive, true),
          ),
        );

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

// ------------------------------------------------------------------ renewal reminders

/** Every Adobe customer of an active dealer with an Adobe account, with the dealer's address. */
export const findCustomersOfAdobeDealers = (db: DbOrTx) =>
  db
    .select({
      customer: adobeCustomers,
      dealer: { id: users.id, email: users.email, name: users.name, lang: users.lang },
    })
    .from(adobeCustomers)
    .innerJoin(users, eq(users.id, adobeCustomers.dealerId))
    .where(and(eq(users.typeId, 3), eq(users.isActive, true), eq(users.hasAdobeAccount, true)))
    .orderBy(asc(users.id), asc(adobeCustomers.companyName), asc(adobeCustomers.id));

export type RenewalClaim = {
  adobeCustomerId: number;
  subscriptionId: string;
  renewalDate: string;
  daysBefore: number;
  dealerId: number;
};

const sameClaim = (claim: RenewalClaim) =>
  and(
    eq(adobeRenewalMails.adobeCustomerId, claim.adobeCustomerId),
    eq(adobeRenewalMails.subscriptionId, claim.subscriptionId),
    eq(adobeRenewalMails.renewalDate, claim.renewalDate),
    eq(adobeRenewalMails.daysBefore, claim.daysBefore),
  );

/** Claims a reminder; false when another run claimed it (sent, or being sent right now). */
export const claimRenewalMail = async (db: DbOrTx, claim: RenewalClaim) => {
  const rows = await db
    .insert(adobeRenewalMails)
    .values(claim)
    .onConflictDoNothing()
    .returning({ id: adobeRenewalMails.id });
  return rows.length > 0;
};

/** The mail went out: the claims stay for good. */
export const confirmRenewalMails = async (db: DbOrTx, claims: RenewalClaim[]) => {
  for (const claim of claims) {
    await db
      .update(adobeRenewalMails)
      .set({ sentAt: sql`now()` })
      .where(and(sameClaim(claim), isNull(adobeRenewalMails.sentAt)));
  }
};

/** The send failed: the claims go, so a retry mails. */
export const releaseRenewalMails = async (db: DbOrTx, claims: RenewalClaim[]) => {
  for (const claim of claims) {
    await db
      .delete(adobeRenewalMails)
      .where(and(sameClaim(claim), isNull(adobeRenewalMails.sentAt)));
  }
};
