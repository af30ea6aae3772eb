import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adobeCustomers, adobeRenewalMails, products, users } from '../../db/schema';

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

/** Of these Adobe customers, the ids of those that belong to the dealer. */
export const findOwnAdobeCustomerIds = async (
  db: DbOrTx,
  customerIds: number[],
  dealerId: number,
) => {
  const rows = await db
    .select({ id: adobeCustomers.id })
    .from(adobeCustomers)
    .where(and(inArray(adobeCustomers.id, customerIds), eq(adobeCustomers.dealerId, dealerId)));
  return new Set(rows.map((r) => r.id));
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
