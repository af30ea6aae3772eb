import type { UserTypeId } from '@esd/shared/access/access.rules';
import type { Language } from '@esd/shared/constants';
import { remainingCredit } from '@esd/shared/orders/orders.rules';
import type { ManagedUser, UserListQuery } from '@esd/shared/users/users.schemas';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  countries,
  localDistrictCountries,
  markupGroups,
  orders,
  userGroupMembers,
  userGroups,
  users,
} from '../../db/schema';
import { containsPattern } from '../../lib/list';
import { ldCountryIds } from '../../lib/local-district';
import type { Session } from '../../plugins/auth';
import { unpaidCreditByDealer } from '../orders';

/**
 * The accounts a session manages (spec 6 hierarchy): gd everyone; ld the dealers of its
 * countries and their users; d its own users; u nobody. Written against the `users` table.
 */
export const managedScope = (session: Session): SQL | undefined => {
  const me = session.user.id;
  switch (session.role) {
    case 'gd':
      return undefined;
    case 'ld':
      return or(
        and(eq(users.typeId, 3), sql`${users.countryId} in ${ldCountryIds(me)}`),
        and(
          eq(users.typeId, 4),
          sql`${users.dealerId} in (select d.id from ${users} d where d.type_id = 3 and d.country_id in ${ldCountryIds(me)})`,
        ),
      );
    case 'd':
      return and(eq(users.typeId, 4), eq(users.dealerId, me));
    case 'u':
      return sql`false`;
  }
};

/** The dealers a session may attach users to: gd all, ld its countries', d itself. */
const dealerScope = (session: Session): SQL | undefined => {
  switch (session.role) {
    case 'gd':
      return eq(users.typeId, 3);
    case 'ld':
      return and(eq(users.typeId, 3), sql`${users.countryId} in ${ldCountryIds(session.user.id)}`);
    case 'd':
      return eq(users.id, session.user.id);
    case 'u':
      return sql`false`;
  }
};

/** The countries a session may give dealers: gd all, ld its own, others none. */
const countryScope = (session: Session): SQL | undefined => {
  switch (session.role) {
    case 'gd':
      return undefined;
    case 'ld':
      return sql`${countries.id} in ${ldCountryIds(session.user.id)}`;
    default:
      return sql`false`;
  }
};

const countryName = (lang: Language) =>
  ({ en: countries.nameEn, ru: countries.nameRu, az: countries.nameAz })[lang];

const dealer = alias(users, 'dealer');

const sortColumns = {
  name: users.name,
  email: users.email,
  type: users.typeId,
  created: users.createdAt,
  active: users.isActive,
} as const;

const listCondition = (session: Session, query: UserListQuery) =>
  and(
    managedScope(session),
    query.q
      ? or(
          ilike(users.name, containsPattern(query.q)),
          ilike(users.email, containsPattern(query.q)),
        )
      : undefined,
    query.type_id ? eq(users.typeId, query.type_id) : undefined,
    query.country_id ? eq(users.countryId, query.country_id) : undefined,
    query.dealer_id ? eq(users.dealerId, query.dealer_id) : undefined,
    query.is_active === undefined ? undefined : eq(users.isActive, query.is_active),
  );

type PageOptions = {
  where: SQL | undefined;
  lang: Language;
  sort?: keyof typeof sortColumns;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/** Accounts with their names resolved, their credit and their open orders. */
const findManagedUsers = async (db: DbOrTx, options: PageOptions): Promise<ManagedUser[]> => {
  const direction = options.order === 'desc' ? desc : asc;
  const rows = await db
    .select({
      user: users,
      countryName: countryName(options.lang),
      dealerName: dealer.name,
      markupGroupName: markupGroups.name,
      markupGroupPercent: markupGroups.percent,
      userGroupId: userGroups.id,
      userGroupName: userGroups.name,
    })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(dealer, eq(dealer.id, users.dealerId))
    .leftJoin(markupGroups, eq(markupGroups.id, users.markupGroupId))
    .leftJoin(userGroupMembers, eq(userGroupMembers.userId, users.id))
    .leftJoin(userGroups, eq(userGroups.id, userGroupMembers.userGroupId))
    .where(options.where)
    .orderBy(direction(sortColumns[options.sort ?? 'name']), direction(users.id))
    .limit(options.limit)
    .offset(options.offset);
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.user.id);
  const dealerIds = rows.filter((row) => row.user.typeId === 3).map((row) => row.user.id);
  const ldIds = rows.filter((row) => row.user.typeId === 2).map((row) => row.user.id);
  const [unpaid, open, ldCountries] = await Promise.all([
    unpaidCreditByDealer(db, dealerIds),
    openOrdersByBuyer(db, ids),
    ldIds.length
      ? db
          .select({
            userId: localDistrictCountries.userId,
            id: countries.id,
            name: countryName(options.lang),
          })
          .from(localDistrictCountries)
          .innerJoin(countries, eq(countries.id, localDistrictCountries.countryId))
          .where(inArray(localDistrictCountries.userId, ldIds))
          .orderBy(asc(countryName(options.lang)))
      : Promise.resolve([]),
  ]);

  return rows.map(({ user, ...names }) => {
    const used = unpaid.get(user.id) ?? '0.00';
    const owed = open.get(user.id);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      type_id: user.typeId as UserTypeId,
      lang: user.lang as Language,
      is_active: user.isActive,
      has_password: user.passwordHash !== null,
      has_second_factor: user.mfaEnabled,
      country:
        user.countryId !== null && names.countryName !== null
          ? { id: user.countryId, name: names.countryName }
          : null,
      dealer:
        user.dealerId !== null && names.dealerName !== null
          ? { id: user.dealerId, name: names.dealerName }
          : null,
      markup_group:
        user.markupGroupId !== null && names.markupGroupName !== null
          ? {
              id: user.markupGroupId,
              name: names.markupGroupName,
              percent: names.markupGroupPercent ?? '0.00',
            }
          : null,
      user_group:
        names.userGroupId !== null && names.userGroupName !== null
          ? { id: names.userGroupId, name: names.userGroupName }
          : null,
      credit_limit: user.creditLimit,
      need_azn_cash: user.needAznCash,
      need_azn_credit: user.needAznCredit,
      has_adobe_account: user.hasAdobeAccount,
      voen: user.voen,
      address: user.address,
      countries: ldCountries
        .filter((c) => c.userId === user.id)
        .map((c) => ({ id: c.id, name: c.name })),
      credit:
        user.typeId === 3
          ? { limit: user.creditLimit, used, remaining: remainingCredit(user.creditLimit, used) }
          : null,
      outstanding: owed ?? { count: 0, amount_usd: '0.00', unpaid_credit_usd: '0.00' },
      created_at: user.createdAt.toISOString(),
    };
  });
};

const OPEN_STATUSES = sql`('pending', 'in_progress')`;

/** What each buyer has open (pending or in progress) and still owes on credit, USD. */
const openOrdersByBuyer = async (db: DbOrTx, buyerIds: number[]) => {
  const net = sql`${orders.totalUsd} - ${orders.refundedUsd}`;
  const isOpen = sql`${orders.status} in ${OPEN_STATUSES}`;
  const isOwed = sql`${orders.sellType} = 2 and ${orders.creditSettledAt} is null and ${orders.status} <> 'cancelled'`;
  const rows = await db
    .select({
      buyerId: orders.buyerId,
      count: sql<number>`(count(*) filter (where ${isOpen}))::int`,
      amount: sql<string>`coalesce(sum(${net}) filter (where ${isOpen}), 0)::numeric(14, 2)::text`,
      owed: sql<string>`coalesce(sum(${net}) filter (where ${isOwed}), 0)::numeric(14, 2)::text`,
    })
    .from(orders)
    .where(inArray(orders.buyerId, buyerIds))
    .groupBy(orders.buyerId);
  return new Map(
    rows.map((row) => [
      row.buyerId,
      { count: row.count, amount_usd: row.amount, unpaid_credit_usd: row.owed },
    ]),
  );
};

/** The account with its group and countries, as the service compares and audits it. */
export const findAccount = async (db: DbOrTx, id: number, scope?: SQL) => {
  const [row] = await db
    .select({ user: users, userGroupId: userGroupMembers.userGroupId })
    .from(users)
    .leftJoin(userGroupMembers, eq(userGroupMembers.userId, users.id))
    .where(and(eq(users.id, id), scope));
  if (!row) return undefined;
  const countryRows =
    row.user.typeId === 2
      ? await db
          .select({ id: localDistrictCountries.countryId })
          .from(localDistrictCountries)
          .where(eq(localDistrictCountries.userId, id))
      : [];
  return {
    row: row.user,
    userGroupId: row.userGroupId ?? null,
    countries: countryRows.map((c) => c.id).sort((a, b) => a - b),
  };
};

export const countDealerUsers = async (db: DbOrTx, dealerId: number) => {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.dealerId, dealerId), isNotNull(users.dealerId)));
  return row?.value ?? 0;
};

/** A page of the accounts the session manages, filtered and sorted, and how many match. */
export const findManagedUserPage = async (
  db: DbOrTx,
  session: Session,
  query: UserListQuery,
  lang: Language,
) => {
  const where = listCondition(session, query);
  const [items, [total]] = await Promise.all([
    findManagedUsers(db, {
      where,
      lang,
      sort: query.sort,
      order: query.order,
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
    }),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
};

/** One account the session manages; undefined outside its slice. */
export const findManagedUser = async (db: DbOrTx, session: Session, id: number, lang: Language) => {
  const [user] = await findManagedUsers(db, {
    where: and(eq(users.id, id), managedScope(session)),
    lang,
    limit: 1,
    offset: 0,
  });
  return user;
};

/** The countries, dealers and markup groups the session may choose in the user form. */
export const findUserFormChoices = async (
  db: DbOrTx,
  session: Session,
  lang: Language,
  mayChooseMore: boolean,
) => {
  const name = countryName(lang);
  const [countryRows, dealerRows, markupRows] = await Promise.all([
    mayChooseMore
      ? db
          .select({ id: countries.id, name, code: countries.code })
          .from(countries)
          .where(countryScope(session))
          .orderBy(asc(name))
      : Promise.resolve([]),
    db
      .select({ id: users.id, name: users.name, country_id: users.countryId })
      .from(users)
      .where(dealerScope(session))
      .orderBy(asc(users.name), asc(users.id)),
    mayChooseMore
      ? db
          .select({
            id: markupGroups.id,
            name: markupGroups.name,
            percent: markupGroups.percent,
          })
          .from(markupGroups)
          .orderBy(asc(markupGroups.name))
      : Promise.resolve([]),
  ]);
  return { countryRows, dealerRows, markupRows };
};

/** A dealer's user groups, by name. */
export const findUserGroupsOf = (db: DbOrTx, dealerId: number) =>
  db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(eq(userGroups.dealerId, dealerId))
    .orderBy(asc(userGroups.name));

// ------------------------------------------------------------------ account changes

/** Of these countries, those the session may give (an unknown id finds nothing). */
export const findCountriesInScope = (db: DbOrTx, session: Session, ids: number[]) =>
  db
    .select({ id: countries.id })
    .from(countries)
    .where(and(inArray(countries.id, ids), countryScope(session)));

/** A dealer the session may attach users to, with its country; undefined otherwise. */
export const findDealerInScope = async (db: DbOrTx, session: Session, dealerId: number) => {
  const [row] = await db
    .select({ countryId: users.countryId })
    .from(users)
    .where(and(eq(users.id, dealerId), dealerScope(session)));
  return row;
};

export const isUserGroupOfDealer = async (db: DbOrTx, groupId: number, dealerId: number) => {
  const [row] = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.id, groupId), eq(userGroups.dealerId, dealerId)));
  return row !== undefined;
};

export const markupGroupExists = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: markupGroups.id })
    .from(markupGroups)
    .where(eq(markupGroups.id, id));
  return row !== undefined;
};

type AccountColumns = typeof users.$inferInsert;

/** A new account; returns its id. */
export const insertAccount = async (db: DbOrTx, values: AccountColumns) => {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
};

/** Writes the account's fields; `endsSessions` also ends every session it has. */
export const updateAccount = async (
  db: DbOrTx,
  id: number,
  values: Partial<AccountColumns>,
  options: { endsSessions: boolean },
) => {
  await db
    .update(users)
    .set({
      ...values,
      updatedAt: sql`now()`,
      ...(options.endsSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
    })
    .where(eq(users.id, id));
};

/** (De)activates the account; deactivating ends every session it has. */
export const setAccountActive = async (db: DbOrTx, id: number, isActive: boolean) => {
  await db
    .update(users)
    .set({
      isActive,
      updatedAt: sql`now()`,
      ...(isActive ? {} : { sessionVersion: sql`${users.sessionVersion} + 1` }),
    })
    .where(eq(users.id, id));
};

/** The password stops working and every session of the account ends. */
export const clearPasswordAndEndSessions = async (db: DbOrTx, id: number) => {
  await db
    .update(users)
    .set({
      passwordHash: null,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
};

/** The account's user group becomes `groupId` (none when null). */
export const replaceUserGroup = async (db: DbOrTx, userId: number, groupId: number | null) => {
  await db.delete(userGroupMembers).where(eq(userGroupMembers.userId, userId));
  if (groupId !== null) await db.insert(userGroupMembers).values({ userId, userGroupId: groupId });
};

/** The local district admin's countries become `countryIds`. */
export const replaceDistrictCountries = async (
  db: DbOrTx,
  userId: number,
  countryIds: number[],
) => {
  await db.delete(localDistrictCountries).where(eq(localDistrictCountries.userId, userId));
  if (countryIds.length > 0)
    await db
      .insert(localDistrictCountries)
      .values(countryIds.map((countryId) => ({ userId, countryId })));
};

/** A dealer's users live in its country: they move with it. */
export const moveDealerUsersToCountry = async (
  db: DbOrTx,
  dealerId: number,
  countryId: number | null,
) => {
  await db
    .update(users)
    .set({ countryId, updatedAt: sql`now()` })
    .where(and(eq(users.dealerId, dealerId), eq(users.typeId, 4)));
};
