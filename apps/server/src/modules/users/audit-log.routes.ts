import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  auditEntrySchema,
  auditFiltersSchema,
  auditLogQuerySchema,
} from '@esd/shared/users/users.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { findAuditEntries, findAuditFilters } from './audit-log.repository';

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
    async (request) => ok(await findAuditEntries(app.db, request.query, requestLanguage(request))),
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
    async () => ok(await findAuditFilters(app.db)),
  );
};
