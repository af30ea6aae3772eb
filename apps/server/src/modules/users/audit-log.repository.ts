import { BUSINESS_TIME_ZONE } from '@esd/shared/baku-time';
import type { Language } from '@esd/shared/constants';
import {
  type AuditNameKind,
  auditNameKey,
  auditReferences,
} from '@esd/shared/users/users.audit-codes';
import type { AuditLogQuery } from '@esd/shared/users/users.schemas';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  categories,
  countries,
  events,
  markupGroups,
  partnerApplications,
  prizes,
  products,
  userGroups,
  users,
  wonPrizes,
} from '../../db/schema';
import { pick, titleIn } from '../../lib/language';

/** Midnight of a calendar day in Baku, as a timestamp. */
const startOfDay = (date: string) =>
  sql`(${date}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

type Named = { id: number; name: string };

/** Per kind of record: the names of some of its rows, in the reader's language. */
const nameQueries: Record<
  AuditNameKind,
  (db: DbOrTx, ids: number[], lang: Language) => Promise<Named[]>
> = {
  user: (db, ids) =>
    db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)),
  country: async (db, ids, lang) =>
    (await db.select().from(countries).where(inArray(countries.id, ids))).map((row) => ({
      id: row.id,
      name: pick({ en: row.nameEn, ru: row.nameRu, az: row.nameAz }, lang),
    })),
  category: async (db, ids, lang) =>
    (await db.select().from(categories).where(inArray(categories.id, ids))).map((row) => ({
      id: row.id,
      name: pick({ en: row.nameEn, ru: row.nameRu, az: row.nameAz }, lang),
    })),
  markup_group: (db, ids) =>
    db
      .select({ id: markupGroups.id, name: markupGroups.name })
      .from(markupGroups)
      .where(inArray(markupGroups.id, ids)),
  user_group: (db, ids) =>
    db
      .select({ id: userGroups.id, name: userGroups.name })
      .from(userGroups)
      .where(inArray(userGroups.id, ids)),
  product: async (db, ids, lang) =>
    (await db.select().from(products).where(inArray(products.id, ids))).map((row) => ({
      id: row.id,
      name: titleIn(row, lang),
    })),
  event: async (db, ids, lang) =>
    (await db.select().from(events).where(inArray(events.id, ids))).map((row) => ({
      id: row.id,
      name: titleIn(row, lang),
    })),
  won_prize: async (db, ids, lang) =>
    (
      await db
        .select({ id: wonPrizes.id, prize: prizes })
        .from(wonPrizes)
        .innerJoin(prizes, eq(prizes.id, wonPrizes.prizeId))
        .where(inArray(wonPrizes.id, ids))
    ).map((row) => ({ id: row.id, name: titleIn(row.prize, lang) })),
  partner_application: (db, ids) =>
    db
      .select({ id: partnerApplications.id, name: partnerApplications.companyName })
      .from(partnerApplications)
      .where(inArray(partnerApplications.id, ids)),
};

/**
 * The names of the records a page of entries refers to (accounts, countries, groups,
 * products...), keyed by `auditNameKey`; a record deleted since has none.
 */
const findAuditNames = async (
  db: DbOrTx,
  refs: { kind: AuditNameKind; id: number }[],
  lang: Language,
) => {
  const idsByKind = new Map<AuditNameKind, Set<number>>();
  for (const { kind, id } of refs) idsByKind.set(kind, (idsByKind.get(kind) ?? new Set()).add(id));
  const found = await Promise.all(
    [...idsByKind].map(async ([kind, ids]) =>
      (await nameQueries[kind](db, [...ids], lang)).map(
        (row) => [auditNameKey(kind, row.id), row.name] as const,
      ),
    ),
  );
  return new Map(found.flat());
};

/** A page of the log, newest first, filtered, and how many entries match. */
export const findAuditEntries = async (db: DbOrTx, query: AuditLogQuery, lang: Language) => {
  const where = and(
    query.actor_id ? eq(auditLog.actorId, query.actor_id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entity_type ? eq(auditLog.entityType, query.entity_type) : undefined,
    query.entity_id ? eq(auditLog.entityId, query.entity_id) : undefined,
    query.date_from ? sql`${auditLog.createdAt} >= ${startOfDay(query.date_from)}` : undefined,
    query.date_to
      ? sql`${auditLog.createdAt} < ${startOfDay(query.date_to)} + interval '1 day'`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  const items = rows.map(({ entry, actorName, actorEmail }) => ({
    id: entry.id,
    created_at: entry.createdAt.toISOString(),
    actor:
      entry.actorId !== null && actorName !== null && actorEmail !== null
        ? { id: entry.actorId, name: actorName, email: actorEmail }
        : null,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    before: entry.before,
    after: entry.after,
    ip: entry.ip,
  }));
  const refs = items.map(auditReferences);
  const names = await findAuditNames(db, refs.flat(), lang);
  return {
    items: items.map((item, index) => ({
      ...item,
      names: Object.fromEntries(
        (refs[index] ?? []).flatMap(({ kind, id }) => {
          const name = names.get(auditNameKey(kind, id));
          return name === undefined ? [] : [[auditNameKey(kind, id), name]];
        }),
      ),
    })),
    total: total?.value ?? 0,
  };
};

/** The actions, entity types and actors that occur in the log. */
export const findAuditFilters = async (db: DbOrTx) => {
  const [actions, types, actors] = await Promise.all([
    db.selectDistinct({ value: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
    db
      .selectDistinct({ value: auditLog.entityType })
      .from(auditLog)
      .orderBy(asc(auditLog.entityType)),
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(sql`exists (select 1 from ${auditLog} a where a.actor_id = ${users.id})`)
      .orderBy(asc(users.name)),
  ]);
  return {
    actions: actions.map((row) => row.value),
    entity_types: types.map((row) => row.value),
    actors,
  };
};
