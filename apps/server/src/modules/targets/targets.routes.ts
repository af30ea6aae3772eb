import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  TARGET_IMMUTABLE_MESSAGE,
  targetDealerSchema,
  targetInputSchema,
  targetListQuerySchema,
  targetSchema,
} from '@esd/shared/content/targets.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { createTargetsService } from './targets.service';

const refuseChange = () => {
  throw new AppError('TARGET_IMMUTABLE', TARGET_IMMUTABLE_MESSAGE);
};

/** Sales targets per dealer and quarter (spec 5): added once, never changed or deleted. */
export const targetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const targets = createTargetsService({ db: app.db });

  app.get(
    '/settings/targets',
    {
      config: access,
      schema: {
        tags: ['targets'],
        querystring: targetListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(targetSchema)) },
      },
    },
    async ({ query }) => ok(await targets.list(query)),
  );

  app.get(
    '/settings/targets/dealers',
    {
      config: access,
      schema: {
        tags: ['targets'],
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: envelopeSchema(z.array(targetDealerSchema)) },
      },
    },
    async ({ query }) => ok(await targets.dealers(query.q)),
  );

  app.post(
    '/settings/targets',
    {
      config: access,
      schema: {
        tags: ['targets'],
        body: targetInputSchema,
        response: { 200: envelopeSchema(targetSchema) },
      },
    },
    async (request) =>
      ok(await targets.add(request.body, auditActor(request)), 'The target has been added.'),
  );

  // Declared so every change attempt gets the spec 5 answer, not a missing route.
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/settings/targets/:id',
      config: access,
      schema: { tags: ['targets'], params: idParamSchema },
      handler: refuseChange,
    });
  }
};
