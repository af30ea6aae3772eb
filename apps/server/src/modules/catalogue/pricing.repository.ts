import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import {
  appSettings,
  dealerProductPrices,
  exchangeRates,
  markupGroupCategories,
  markupGroups,
  userGroupMembers,
  userGroups,
  users,
} from '../../db/schema';
import { rowsOf } from '../../lib/sql';

/** A bank rate and the day it is of. */
export type RateInUse = { rate: string; date: string };

/**
 * Today in Baku, whatever the database server's zone: a rate dated the 26th applies from
 * midnight of the 26th in Baku (20:00 UTC on the 25th).
 */
const bakuToday = sql`(now() at time zone 'Asia/Baku')::date`;

/**
 * The bank rate in force today: the newest one dated today (Baku) or earlier. While today's
 * is not in yet (the central bank publishes in the morning), the latest earlier one applies.
 */
export const findCurrentRate = async (db: DbOrTx): Promise<RateInUse | undefined> => {
  const [row] = await db
    .select({ rate: exchangeRates.usdAzn, date: exchangeRates.rateDate })
    .from(exchangeRates)
    .where(lte(exchangeRates.rateDate, bakuToday))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row;
};

/**
 * The current rate and the stored value of the setting `settingKey` in one round trip, for
 * checkout, which reads both afresh inside its transaction.
 */
export const findRateAndSetting = async (
  db: DbOrTx,
  settingKey: string,
): Promise<{ rate: RateInUse | undefined; setting: unknown }> => {
  const [row] = await rowsOf<{
    rate: string | null;
    rate_date: string | null;
    setting: string | null;
  }>(
    db,
    sql`select rate.usd_azn::text as rate, rate.rate_date::text as rate_date,
    (select ${appSettings.value}::text from ${appSettings}
      where ${appSettings.key} = ${settingKey}) as setting
    from (select 1) as one
    left join lateral (select ${exchangeRates.usdAzn} as usd_azn, ${exchangeRates.rateDate} as rate_date
      from ${exchangeRates} where ${exchangeRates.rateDate} <= ${bakuToday}
      order by ${exchangeRates.rateDate} desc limit 1) as rate on true`,
  );
  return {
    rate: rateOf(row?.rate ?? null, row?.rate_date ?? null),
    setting: row?.setting ? JSON.parse(row.setting) : undefined,
  };
};

export const rateOf = (rate: string | null, date: string | null): RateInUse | undefined =>
  rate && date ? { rate, date } : undefined;

/**
 * `findRateAndSetting` of the pricing settings as columns of a larger select (issue 35):
 * `rate`, `rate_date` and `pricing_setting`, all text.
 */
const freshRateAndSetting = sql`(select ${exchangeRates.usdAzn}::text from ${exchangeRates}
      where ${exchangeRates.rateDate} <= ${bakuToday} order by ${exchangeRates.rateDate} desc limit 1) as rate,
    (select ${exchangeRates.rateDate}::text from ${exchangeRates}
      where ${exchangeRates.rateDate} <= ${bakuToday} order by ${exchangeRates.rateDate} desc limit 1) as rate_date,
    (select ${appSettings.value}::text from ${appSettings} where ${appSettings.key} = 'pricing') as pricing_setting`;

/**
 * `findDealerMarkupRows` as one JSON column of a larger select (null: no dealer, or none of
 * that id); the rows keyed as that query names them, percents as text.
 */
const freshMarkupRows = (dealerId: number | null) =>
  dealerId === null
    ? sql`null::json`
    : sql`(select json_agg(json_build_object(
        'groupId', ${users.markupGroupId},
        'percent', ${markupGroups.percent}::text,
        'categoryId', ${markupGroupCategories.categoryId},
        'categoryPercent', ${markupGroupCategories.percent}::text))
      from ${users}
      left join ${markupGroups} on ${markupGroups.id} = ${users.markupGroupId}
      left join ${markupGroupCategories} on ${markupGroupCategories.markupGroupId} = ${users.markupGroupId}
      where ${users.id} = ${dealerId})`;

/** `findUserGroupPercent` as one column of a larger select. */
const userGroupPercentOf = (userId: number) =>
  sql`(select ${userGroups.markupPercent}::text from ${userGroupMembers}
      inner join ${userGroups} on ${userGroups.id} = ${userGroupMembers.userGroupId}
      where ${userGroupMembers.userId} = ${userId} limit 1)`;

/**
 * The dealer's markup group and its category overrides, one row per override (one row with
 * empty overrides when there are none; no group when `groupId` is null), in one round trip.
 */
export const findDealerMarkupRows = (db: DbOrTx, dealerId: number) =>
  preparedFor(db, 'pricing_dealer_markup', (d) =>
    d
      .select({
        groupId: users.markupGroupId,
        percent: markupGroups.percent,
        categoryId: markupGroupCategories.categoryId,
        categoryPercent: markupGroupCategories.percent,
      })
      .from(users)
      .leftJoin(markupGroups, eq(markupGroups.id, users.markupGroupId))
      .leftJoin(markupGroupCategories, eq(markupGroupCategories.markupGroupId, users.markupGroupId))
      .where(eq(users.id, sql.placeholder('dealerId')))
      .prepare('pricing_dealer_markup'),
  ).execute({ dealerId });

/** The markup percent of the user group an end user belongs to, or null. */
export const findUserGroupPercent = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({ percent: userGroups.markupPercent })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.userGroupId))
    .where(eq(userGroupMembers.userId, userId));
  return row?.percent ?? null;
};

/** A dealer's own price settings (price or markup) for some products. */
export const findOwnPriceSettings = (db: DbOrTx, dealerId: number, productIds: number[]) =>
  db
    .select({
      productId: dealerProductPrices.productId,
      mode: dealerProductPrices.mode,
      value: dealerProductPrices.value,
    })
    .from(dealerProductPrices)
    .where(
      and(
        eq(dealerProductPrices.dealerId, dealerId),
        inArray(dealerProductPrices.productId, productIds),
      ),
    );

/**
 * The columns of `FreshPricingRow` (pricing.context.ts): the dealer's markup rows, with
 * `groupUserId` the end user's group percent, and the rate and pricing settings.
 */
export const freshPricingSql = (dealerId: number | null, groupUserId: number | null) =>
  sql`${freshMarkupRows(dealerId)} as markup,
    ${groupUserId === null ? sql`null::text` : userGroupPercentOf(groupUserId)} as user_group_percent,
    ${freshRateAndSetting}`;
