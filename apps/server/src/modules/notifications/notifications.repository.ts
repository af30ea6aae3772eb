import { STOCKED_PROVIDERS } from '@esd/shared/catalogue/catalogue.constants';
import type { NoticeKind } from '@esd/shared/notifications/notifications.schemas';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  countries,
  events,
  licenceKeys,
  localDistrictCountries,
  noticeMails,
  noticeOptOuts,
  orderItems,
  orders,
  partnerApplications,
  prizes,
  products,
  returnRequests,
  users,
  wonPrizes,
} from '../../db/schema';

/** An admin as the notices see it: who, in which language, and of which scope. */
export type Admin = { id: number; email: string; name: string; lang: string; typeId: number };

const GLOBAL_ADMIN = 1;
const LOCAL_ADMIN = 2;

/** The countries a local admin manages, as a subquery. */
const countriesOf = (adminId: number) =>
  sql`(select ${localDistrictCountries.countryId} from ${localDistrictCountries}
    where ${localDistrictCountries.userId} = ${adminId})`;

/** Records of `country` in the admin's scope: a global admin all, a local admin its countries'. */
const inScope = (admin: Pick<Admin, 'id' | 'typeId'>, country: AnyPgColumn) =>
  admin.typeId === GLOBAL_ADMIN ? undefined : inArray(country, countriesOf(admin.id));

const notOptedOut = (kind: NoticeKind) =>
  sql`not exists (select 1 from ${noticeOptOuts} o where o.user_id = ${users.id} and o.kind = ${kind})`;

const adminColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  lang: users.lang,
  typeId: users.typeId,
};

/**
 * The active admins a notice of `kind` goes to, less those who turned it off: every global
 * admin, and, when `localCountryId` is given, the local admins of that country.
 */
export const findNoticeRecipients = (
  db: DbOrTx,
  kind: NoticeKind,
  localCountryId: number | null,
): Promise<Admin[]> =>
  db
    .select(adminColumns)
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        localCountryId === null
          ? eq(users.typeId, GLOBAL_ADMIN)
          : sql`(${users.typeId} = ${GLOBAL_ADMIN} or (${users.typeId} = ${LOCAL_ADMIN} and exists (
              select 1 from ${localDistrictCountries} c
              where c.user_id = ${users.id} and c.country_id = ${localCountryId})))`,
        notOptedOut(kind),
      ),
    )
    .orderBy(asc(users.id));

/** Every active admin who gets the daily digest of cash orders. */
export const findDigestRecipients = (db: DbOrTx): Promise<Admin[]> =>
  db
    .select(adminColumns)
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        inArray(users.typeId, [GLOBAL_ADMIN, LOCAL_ADMIN]),
        notOptedOut('cash_digest'),
      ),
    )
    .orderBy(asc(users.id));

// Claims: one row per (kind, subject, recipient); see notice_mails in db/schema/notifications.ts

type Claim = { kind: NoticeKind; subject: string; recipientId: number };

const claimOf = (claim: Claim) =>
  and(
    eq(noticeMails.kind, claim.kind),
    eq(noticeMails.subject, claim.subject),
    eq(noticeMails.recipientId, claim.recipientId),
  );

/** Claims a mail; false when it was claimed before (sent, or being sent right now). */
export const claimNoticeMail = async (db: DbOrTx, claim: Claim) => {
  const rows = await db
    .insert(noticeMails)
    .values(claim)
    .onConflictDoNothing()
    .returning({ id: noticeMails.id });
  return rows.length > 0;
};

/** The mail went out: the claim stays for good. */
export const confirmNoticeMail = (db: DbOrTx, claim: Claim) =>
  db
    .update(noticeMails)
    .set({ sentAt: sql`now()` })
    .where(and(claimOf(claim), isNull(noticeMails.sentAt)));

/** The send failed: the claim goes, so a retry may send. */
export const releaseNoticeMail = (db: DbOrTx, claim: Claim) =>
  db.delete(noticeMails).where(and(claimOf(claim), isNull(noticeMails.sentAt)));

// What the notices tell of

/** A return request with its order's country, item and asker, for its notice. */
export const findReturnNotice = async (db: DbOrTx, returnRequestId: number) => {
  const [row] = await db
    .select({
      status: returnRequests.status,
      reason: returnRequests.reason,
      orderId: orders.id,
      countryId: orders.countryId,
      sku: orderItems.sku,
      titleEn: orderItems.titleEn,
      titleRu: orderItems.titleRu,
      titleAz: orderItems.titleAz,
      quantity: orderItems.quantity,
      requestedBy: users.name,
    })
    .from(returnRequests)
    .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(users, eq(users.id, returnRequests.requestedBy))
    .where(eq(returnRequests.id, returnRequestId));
  return row;
};

/** A partner application with its country's names, for its notice. */
export const findApplicationNotice = async (db: DbOrTx, applicationId: number) => {
  const [row] = await db
    .select({
      status: partnerApplications.status,
      companyName: partnerApplications.companyName,
      fullName: partnerApplications.fullName,
      email: partnerApplications.email,
      countryId: partnerApplications.countryId,
      countryEn: countries.nameEn,
      countryRu: countries.nameRu,
      countryAz: countries.nameAz,
    })
    .from(partnerApplications)
    .innerJoin(countries, eq(countries.id, partnerApplications.countryId))
    .where(eq(partnerApplications.id, applicationId));
  return row;
};

/** A dealer's claim of a prize with the prize's and event's titles, for its notice. */
export const findPrizeClaimNotice = async (db: DbOrTx, wonPrizeId: number) => {
  const [row] = await db
    .select({
      source: wonPrizes.source,
      status: wonPrizes.status,
      claimedAt: wonPrizes.createdAt,
      pointsSpent: wonPrizes.pointsSpent,
      contactName: wonPrizes.deliveryContactName,
      phone: wonPrizes.deliveryPhone,
      address: wonPrizes.deliveryAddress,
      dealer: users.name,
      prizeEn: prizes.titleEn,
      prizeRu: prizes.titleRu,
      prizeAz: prizes.titleAz,
      eventEn: events.titleEn,
      eventRu: events.titleRu,
      eventAz: events.titleAz,
    })
    .from(wonPrizes)
    .innerJoin(prizes, eq(prizes.id, wonPrizes.prizeId))
    .innerJoin(events, eq(events.id, wonPrizes.eventId))
    .innerJoin(users, eq(users.id, wonPrizes.dealerId))
    .where(eq(wonPrizes.id, wonPrizeId));
  return row;
};

/** A product with its low-stock threshold, when it was marked low and its available keys now. */
export const findLowStockNotice = async (db: DbOrTx, productId: number) => {
  const [row] = await db
    .select({
      sku: products.sku,
      titleEn: products.titleEn,
      titleRu: products.titleRu,
      titleAz: products.titleAz,
      lowStockThreshold: products.lowStockThreshold,
      lowStockNotifiedAt: products.lowStockNotifiedAt,
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) return undefined;
  const [keys] = await db
    .select({ available: count() })
    .from(licenceKeys)
    .where(and(eq(licenceKeys.productId, productId), eq(licenceKeys.status, 'available')));
  return { ...row, available: keys?.available ?? 0 };
};

const pendingCash = and(eq(orders.status, 'pending'), eq(orders.sellType, SELL_TYPE.cash));

/** The cash orders waiting for payment confirmation in the admin's scope, oldest first. */
export const findPendingCashOrders = async (
  db: DbOrTx,
  admin: Pick<Admin, 'id' | 'typeId'>,
  limit: number,
) => {
  const dealers = users;
  const where = and(pendingCash, inScope(admin, orders.countryId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        totalAzn: orders.totalAzn,
        dealer: dealers.name,
      })
      .from(orders)
      .innerJoin(dealers, eq(dealers.id, orders.dealerId))
      .where(where)
      .orderBy(asc(orders.id))
      .limit(limit),
    db.select({ value: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

/** What waits for the admin, in its scope; key stock is a global admin's alone. */
export const countWaiting = async (db: DbOrTx, admin: Pick<Admin, 'id' | 'typeId'>) => {
  const value = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;
  const [returnsWaiting, applications, cash, lowStock] = await Promise.all([
    value(
      db
        .select({ value: count() })
        .from(returnRequests)
        .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(returnRequests.status, 'requested'), inScope(admin, orders.countryId))),
    ),
    value(
      db
        .select({ value: count() })
        .from(partnerApplications)
        .where(
          and(
            eq(partnerApplications.status, 'pending'),
            inScope(admin, partnerApplications.countryId),
          ),
        ),
    ),
    value(
      db
        .select({ value: count() })
        .from(orders)
        .where(and(pendingCash, inScope(admin, orders.countryId))),
    ),
    admin.typeId === GLOBAL_ADMIN
      ? value(
          db
            .select({ value: count() })
            .from(products)
            .where(
              and(
                eq(products.isActive, true),
                inArray(products.providerId, STOCKED_PROVIDERS),
                sql`(select count(*) from (select 1 from ${licenceKeys} k
                  where k.product_id = ${products.id} and k.status = 'available'
                  limit ${products.lowStockThreshold}) s) < ${products.lowStockThreshold}`,
              ),
            ),
        )
      : Promise.resolve(0),
  ]);
  return {
    return_requests: returnsWaiting,
    partner_applications: applications,
    cash_orders: cash,
    low_stock_products: lowStock,
  };
};

/** The kinds the user turned off. */
export const findOptOuts = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ kind: noticeOptOuts.kind })
      .from(noticeOptOuts)
      .where(eq(noticeOptOuts.userId, userId))
  ).map((row) => row.kind);

export const setOptOut = async (
  db: DbOrTx,
  userId: number,
  kind: NoticeKind,
  optedOut: boolean,
) => {
  if (optedOut) {
    await db.insert(noticeOptOuts).values({ userId, kind }).onConflictDoNothing();
    return;
  }
  await db
    .delete(noticeOptOuts)
    .where(and(eq(noticeOptOuts.userId, userId), eq(noticeOptOuts.kind, kind)));
};
