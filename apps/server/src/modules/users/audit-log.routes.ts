import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  auditEntrySchema,
  auditFiltersSchema,
  auditLogQuerySchema,
} from '@esd/shared/users/users.schemas';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLog, users } from '../../db/schema';
import { ok } from '../../lib/errors';
import { BUSINESS_TIME_ZONE } from '../orders/orders.query';

/** Midnight of a calendar day in Baku, as a timestamp. */
const startOfDay = (date: string) =>
  sql`(${date}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`;

/** Every change of a limit, a role, an account or a price setting: global admins read it. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const tags = ['audit'];

  app.get(
    '/settings/audit-log',
    {
      config: access,
      schema: {
        tags,
        summary: 'The audit log, newest first, filtered',
        querystring: auditLogQuerySchema,
        response: { 200: envelopeSchema(pageSchema(auditEntrySchema)) },
      },
    },
    async ({ query }) => {
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
        app.db
          .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        app.db.select({ value: count() }).from(auditLog).where(where),
      ]);
      return ok({
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
      });
    },
  );

  app.get(
    '/settings/audit-log/filters',
    {
      config: access,
      schema: {
        tags,
        summary: 'The actions, entity types and actors that occur in the log',
        response: { 200: envelopeSchema(auditFiltersSchema) },
      },
    },
    async () => {
      const [actions, types, actors] = await Promise.all([
        app.db
          .selectDistinct({ value: auditLog.action })
          .from(auditLog)
          .orderBy(asc(auditLog.action)),
        app.db
          .selectDistinct({ value: auditLog.entityType })
          .from(auditLog)
          .orderBy(asc(auditLog.entityType)),
        app.db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(sql`exists (select 1 from ${auditLog} a where a.actor_id = ${users.id})`)
          .orderBy(asc(users.name)),
      ]);
      return ok({
        actions: actions.map((row) => row.value),
        entity_types: types.map((row) => row.value),
        actors,
      });
    },
  );
};
