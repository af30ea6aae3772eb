import { timingSafeEqual } from 'node:crypto';
import { envelopeSchema } from '@esd/shared/api';
import type { FastifyRequest } from 'fastify';
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

/**
 * Anyone learns up or down; the details (the database's kind, the job queue, failed jobs) only
 * the monitoring system (METRICS_TOKEN) and a global admin (issue 32: they told an anonymous
 * caller which database the portal runs on).
 */
const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.string().optional(),
});

const readySchema = z.object({
  status: z.literal('ready'),
  database: z.string().optional(),
  jobs: z.literal('ok').optional(),
  /** jobs that spent their retries (GET /api/settings/jobs/failed lists them) */
  dead_letters: z.number().int().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const isScraper = (request: FastifyRequest) => {
    const bearer = request.headers.authorization?.startsWith('Bearer ')
      ? request.headers.authorization.slice(7).trim()
      : '';
    return Boolean(
      app.config.METRICS_TOKEN && bearer && sameSecret(bearer, app.config.METRICS_TOKEN),
    );
  };
  /** Who may read the details: the scraper's token or a global admin's session. */
  const isMonitor = (request: FastifyRequest) =>
    isScraper(request) || request.session?.role === 'gd';

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
        response: { 200: envelopeSchema(healthSchema) },
      },
    },
    async (request) => {
      await databaseAnswers();
      return ok(
        isMonitor(request)
          ? { status: 'ok' as const, database: app.database.kind }
          : { status: 'ok' as const },
      );
    },
  );

  /** Readiness for a load balancer: the database and the job queue both work. */
  app.get(
    '/ready',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['health'], response: { 200: envelopeSchema(readySchema) } },
    },
    async (request) => {
      await databaseAnswers();
      let deadLetters: number;
      try {
        // one read of the job tables: they answer, and how many jobs wait for an admin
        deadLetters = await countFailedJobs(app.db);
      } catch {
        throw new AppError('UNAVAILABLE', 'The job queue is not installed or does not answer.');
      }
      if (!app.boss) throw new AppError('UNAVAILABLE', 'The job queue has not started.');
      if (!isMonitor(request)) return ok({ status: 'ready' as const });
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
      if (!isMonitor(request)) {
        throw request.session
          ? new AppError('FORBIDDEN', 'Metrics are for the monitoring system and global admins.')
          : new AppError('UNAUTHORIZED', 'Send the metrics token as a Bearer token.');
      }
      reply.header('Content-Type', app.metrics.contentType).header('Cache-Control', 'no-store');
      return app.metrics.metrics();
    },
  );
};
