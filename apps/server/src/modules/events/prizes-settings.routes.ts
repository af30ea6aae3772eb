import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  prizeInputSchema,
  prizeSettingsSchema,
  prizesSettingsQuerySchema,
} from '@esd/shared/events/events.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import {
  acceptJsonWithImage,
  jsonWithImageDescription,
  pendingImageOf,
  readImage,
} from '../../lib/uploads';
import { createPrizesSettingsService } from './prizes-settings.service';

export const prizesSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(prizeSettingsSchema) };
  const prizes = createPrizesSettingsService({ db: app.db, dataDir: app.config.dataDir });

  app.get(
    '/settings/prizes',
    {
      config: access,
      schema: {
        tags: ['events'],
        querystring: prizesSettingsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(prizeSettingsSchema)) },
      },
    },
    async ({ query }) => ok(await prizes.list(query)),
  );

  app.get(
    '/settings/prizes/:id',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async ({ params }) => ok(await prizes.get(params.id)),
  );

  app.post(
    '/settings/prizes',
    {
      config: access,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['events'],
        description: jsonWithImageDescription,
        body: prizeInputSchema,
        response,
      },
    },
    async (request) =>
      ok(await prizes.add(request.body, pendingImageOf(request)), 'The prize has been added.'),
  );

  app.put(
    '/settings/prizes/:id',
    {
      config: access,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['events'],
        description: jsonWithImageDescription,
        params: idParamSchema,
        body: prizeInputSchema,
        response,
      },
    },
    async (request) =>
      ok(
        await prizes.update(request.params.id, request.body, pendingImageOf(request)),
        'The prize has been saved.',
      ),
  );

  app.delete(
    '/settings/prizes/:id',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async ({ params }) => ok(await prizes.remove(params.id), 'The prize has been deleted.'),
  );

  app.post(
    '/settings/prizes/:id/image',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async (request) =>
      ok(
        await prizes.setImage(request.params.id, () => readImage(request)),
        'The image has been saved.',
      ),
  );
};
