import { envelopeSchema, pageSchema, paginationQuerySchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  eventCardSchema,
  eventDetailSchema,
  eventPrizeParamsSchema,
  eventsQuerySchema,
  myPrizeSchema,
  prizeClaimInputSchema,
  prizeDetailSchema,
} from '@esd/shared/events/events.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { serveStoredFile, storedNamePattern } from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import { eventImagesDir, prizeImagesDir } from './events.images';
import { createEventsService } from './events.service';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const events = createEventsService({
    db: app.db,
    clock: app.clock,
    notifyAdmins: app.notifyAdmins,
  });

  app.get(
    '/events',
    {
      config: { access: 'dealerOrUser' },
      schema: {
        tags: ['events'],
        querystring: eventsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(eventCardSchema)) },
      },
    },
    async (request) =>
      ok(await events.list(requireSession(request), requestLanguage(request), request.query)),
  );

  app.get(
    '/events/:id',
    {
      config: { access: 'dealerOrUser' },
      schema: {
        tags: ['events'],
        params: idParamSchema,
        response: { 200: envelopeSchema(eventDetailSchema) },
      },
    },
    async (request) =>
      ok(await events.event(requireSession(request), requestLanguage(request), request.params.id)),
  );

  app.get(
    '/events/:eventId/prizes/:prizeId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        params: eventPrizeParamsSchema,
        response: { 200: envelopeSchema(prizeDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await events.prize(
          requireSession(request),
          requestLanguage(request),
          request.params.eventId,
          request.params.prizeId,
        ),
      ),
  );

  app.post(
    '/events/:eventId/prizes/:prizeId/claim',
    {
      config: { access: 'dealer' },
      schema: {
        tags: ['events'],
        params: eventPrizeParamsSchema,
        body: prizeClaimInputSchema,
        response: { 200: envelopeSchema(myPrizeSchema) },
      },
    },
    async (request) =>
      ok(
        await events.claim(requireSession(request), requestLanguage(request), {
          eventId: request.params.eventId,
          prizeId: request.params.prizeId,
          input: request.body,
          actor: auditActor(request),
        }),
        'The prize is yours: we will let you know when it ships.',
      ),
  );

  app.get(
    '/profile/prizes',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        querystring: paginationQuerySchema,
        response: { 200: envelopeSchema(pageSchema(myPrizeSchema)) },
      },
    },
    async (request) =>
      ok(await events.myPrizes(requireSession(request), requestLanguage(request), request.query)),
  );

  // Event and prize pictures carry random names and are public, like product images.
  for (const [kind, dir] of [
    ['events', eventImagesDir(app.config.dataDir)],
    ['prizes', prizeImagesDir(app.config.dataDir)],
  ] as const) {
    app.get(
      `/files/${kind}/:name`,
      {
        config: { access: 'anonymous' },
        schema: {
          tags: ['events'],
          params: z.object({ name: z.string().regex(storedNamePattern) }),
        },
      },
      async (request, reply) => serveStoredFile(reply, dir, request.params.name),
    );
  }
};
