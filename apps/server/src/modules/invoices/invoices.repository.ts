import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countries, exchangeRates, orders, partnerApplications, users } from '../../db/schema';
import { selectOrders } from '../orders';

/** An order with its buyer's and dealer's names, whoever may see it (for the jobs). */
export const findOrder = async (db: DbOrTx, orderId: number) => {
  const [row] = await selectOrders(db, eq(orders.id, orderId));
  return row;
};

/**
 * The buyer as an invoice names it: its account, and the company of its approved partner
 * application when it has one (a dealer that applied through "Become a Partner").
 */
export const findInvoiceBuyer = async (db: DbOrTx, buyerId: number) => {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      company: partnerApplications.companyName,
      voen: partnerApplications.voen,
      addressLine1: partnerApplications.addressLine1,
      addressLine2: partnerApplications.addressLine2,
      city: partnerApplications.city,
      region: partnerApplications.region,
      postalCode: partnerApplications.postalCode,
      countryEn: countries.nameEn,
      countryRu: countries.nameRu,
      countryAz: countries.nameAz,
    })
    .from(users)
    .leftJoin(
      partnerApplications,
      and(eq(partnerApplications.userId, users.id), eq(partnerApplications.status, 'approved')),
    )
    .leftJoin(countries, eq(countries.id, partnerApplications.countryId))
    .where(eq(users.id, buyerId))
    .orderBy(desc(partnerApplications.id))
    .limit(1);
  return row;
};

/**
 * The date of the bank rate an order was priced at: checkout takes the newest rate dated on or
 * before the day it runs, so that rate's date, if it is still the one stored on the order
 * (an admin may have replaced or deleted it since; then undefined).
 */
export const findRateDate = async (db: DbOrTx, placedAt: Date, rate: string) => {
  const [row] = await db
    .select({ date: exchangeRates.rateDate, rate: exchangeRates.usdAzn })
    .from(exchangeRates)
    .where(lte(exchangeRates.rateDate, sql`(${placedAt.toISOString()}::timestamptz)::date`))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row && row.rate === rate ? row.date : undefined;
};
