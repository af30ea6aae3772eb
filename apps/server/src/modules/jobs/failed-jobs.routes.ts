import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  failedJobParamsSchema,
  failedJobSchema,
  failedJobsQuerySchema,
  retriedJobSchema,
} from '@esd/shared/jobs/jobs.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { createFailedJobsService } from './failed-jobs.service';

/** Jobs that exhausted their retries (dead letters): global admins see and re-queue them. */
export const failedJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const tags = ['jobs'];
  const service = createFailedJobsService({ db: app.db, boss: app.boss });

  app.get(
    '/settings/jobs/failed',
    {
      config: access,
      schema: {
        tags,
        summary: 'Jobs that spent all their retries, newest first',
        querystring: failedJobsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(failedJobSchema)) },
      },
    },
    async ({ query }) => ok(await service.list(query)),
  );

  app.post(
    '/settings/jobs/failed/:id/retry',
    {
      config: access,
      schema: {
        tags,
        summary: 'Sends a failed job back to its queue (audit-logged)',
        params: failedJobParamsSchema,
        response: { 200: envelopeSchema(retriedJobSchema) },
      },
    },
    async (request) =>
      ok(await service.retry(request.params.id, auditActor(request)), 'The job is queued again.'),
  );
};
