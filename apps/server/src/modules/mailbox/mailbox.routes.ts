import { envelopeSchema, pageSchema, paginationQuerySchema } from '@esd/shared/api';
import { mailMessageSchema } from '@esd/shared/auth/auth.schemas';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailMessages } from '../../db/schema';
import { ok } from '../../lib/errors';

/** The local mailbox (mail kept when no SMTP server is configured): global admins only. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      config: { access: 'globalDistrict' },
      schema: {
        tags: ['mailbox'],
        querystring: paginationQuerySchema,
        response: { 200: envelopeSchema(pageSchema(mailMessageSchema)) },
      },
    },
    async (request) => {
      const { page, perPage } = request.query;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(mailMessages)
          .orderBy(desc(mailMessages.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        app.db.select({ value: count() }).from(mailMessages),
      ]);
      return ok({
        items: rows.map((m) => ({ ...m, created_at: m.createdAt.toISOString() })),
        total: total?.value ?? 0,
      });
    },
  );
};
