import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  awardResultSchema,
  eventInputSchema,
  eventSettingsSchema,
  eventsSettingsQuerySchema,
} from '@esd/shared/events/events.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import {
  acceptJsonWithImage,
  jsonWithImageDescription,
  pendingImageOf,
  readImage,
} from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import { createEventsSettingsService } from './events-settings.service';

export const eventsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(eventSettingsSchema) };
  const settings = createEventsSettingsService({
    db: app.db,
    dataDir: app.config.dataDir,
    clock: app.clock,
  });

  app.get(
    '/settings/events',
    {
      config: access,
      schema: {
        tags: ['events'],
        querystring: eventsSettingsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(eventSettingsSchema)) },
      },
    },
    async ({ query }) => ok(await settings.list(query)),
  );

  app.get(
    '/settings/events/:id',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async ({ params }) => ok(await settings.get(params.id)),
  );

  app.post(
    '/settings/events',
    {
      config: access,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['events'],
        description: jsonWithImageDescription,
        body: eventInputSchema,
        response,
      },
    },
    async (request) =>
      ok(await settings.add(request.body, pendingImageOf(request)), 'The event has been added.'),
  );

  app.put(
    '/settings/events/:id',
    {
      config: access,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['events'],
        description: jsonWithImageDescription,
        params: idParamSchema,
        body: eventInputSchema,
        response,
      },
    },
    async (request) =>
      ok(
        await settings.update(request.params.id, request.body, pendingImageOf(request)),
        'The event has been saved.',
      ),
  );

  app.delete(
    '/settings/events/:id',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async ({ params }) => ok(await settings.remove(params.id), 'The event has been deleted.'),
  );

  app.post(
    '/settings/events/:id/image',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async (request) =>
      ok(
        await settings.setImage(request.params.id, () => readImage(request)),
        'The image has been saved.',
      ),
  );

  app.post(
    '/settings/events/:id/award',
    {
      config: access,
      schema: {
        tags: ['events'],
        params: idParamSchema,
        response: { 200: envelopeSchema(awardResultSchema) },
      },
    },
    async (request) => {
      const result = await settings.award(
        request.params.id,
        auditActor(request),
        requireSession(request).user.id,
      );
      return ok(
        result,
        result.awarded === 1
          ? 'One prize has been awarded.'
          : `${result.awarded} prizes have been awarded.`,
      );
    },
  );
};
