import { timingSafeEqual } from 'node:crypto';
import { envelopeSchema } from '@esd/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ok } from '../../lib/errors';
import { countFailedJobs } from '../jobs';
import { pingDatabase } from './health.repository';

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const readySchema = z.object({
  status: z.literal('ready'),
  database: z.string(),
  jobs: z.literal('ok'),
  /** jobs that spent their retries (GET /api/settings/jobs/failed lists them) */
  dead_letters: z.number().int(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const databaseAnswers = async () => {
    try {
      await pingDatabase(app.db);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database does not answer.');
    }
  };

  /** Liveness: the process answers and reaches its database. */
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
      await databaseAnswers();
      return ok({ status: 'ok' as const, database: app.database.kind });
    },
  );

  /** Readiness for a load balancer: the database and the job queue both work. */
  app.get(
    '/ready',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['health'], response: { 200: envelopeSchema(readySchema) } },
    },
    async () => {
      await databaseAnswers();
      let deadLetters: number;
      try {
        // one read of the job tables: they answer, and how many jobs wait for an admin
        deadLetters = await countFailedJobs(app.db);
      } catch {
        throw new AppError('UNAVAILABLE', 'The job queue is not installed or does not answer.');
      }
      if (!app.boss) throw new AppError('UNAVAILABLE', 'The job queue has not started.');
      return ok({
        status: 'ready' as const,
        database: app.database.kind,
        jobs: 'ok' as const,
        dead_letters: deadLetters,
      });
    },
  );

  /** Prometheus text format; for the scraper's METRICS_TOKEN or a global admin. */
  app.get(
    '/metrics',
    { config: { access: 'anonymous' }, schema: { tags: ['health'], hide: true } },
    async (request, reply) => {
      const bearer = request.headers.authorization?.startsWith('Bearer ')
        ? request.headers.authorization.slice(7).trim()
        : '';
      const isScraper = Boolean(
        app.config.METRICS_TOKEN && bearer && sameSecret(bearer, app.config.METRICS_TOKEN),
      );
      if (!isScraper && request.session?.role !== 'gd') {
        throw request.session
          ? new AppError('FORBIDDEN', 'Metrics are for the monitoring system and global admins.')
          : new AppError('UNAUTHORIZED', 'Send the metrics token as a Bearer token.');
      }
      reply.header('Content-Type', app.metrics.contentType).header('Cache-Control', 'no-store');
      return app.metrics.metrics();
    },
  );
};
