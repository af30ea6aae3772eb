import { envelopeSchema, pageSchema, paginationQuerySchema } from '@esd/shared/api';
import { mailMessageSchema } from '@esd/shared/auth/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { createMailboxService } from './mailbox.service';

/** The local mailbox (mail kept when no SMTP server is configured): global admins only. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailbox = createMailboxService({ db: app.db });
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
    async ({ query }) => ok(await mailbox.list(query)),
  );
};
