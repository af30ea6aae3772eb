import type { AuditLogQuery } from '@esd/shared/users/users.schemas';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { BUSINESS_TIME_ZONE } from '../orders/orders.query';

/** Midnight of a calendar day in Baku, as a timestamp. */
const startOfDay = (date: string) =>
  sql`(${date}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/** A page of the log, newest first, filtered, and how many entries match. */
export const findAuditEntries = async (db: DbOrTx, query: AuditLogQuery) => {
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
  return {
    items: rows.map(({ entry, actorName, actorEmail }) => ({
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
