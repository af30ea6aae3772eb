import { envelopeSchema } from '@esd/shared/api';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/errors';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['health'],
        response: {
          200: envelopeSchema(z.object({ status: z.literal('ok'), database: z.string() })),
        },
      },
    },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        throw new AppError('UNAVAILABLE', 'The database does not answer.');
      }
      return ok({ status: 'ok' as const, database: app.database.kind });
    },
  );
};
