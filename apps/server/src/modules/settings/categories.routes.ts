import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  categoryInputSchema,
  categorySettingsSchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { createCategoriesService } from './categories.service';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(categorySettingsSchema) };
  const categories = createCategoriesService({ db: app.db });

  app.get(
    '/settings/categories',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: settingsListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(categorySettingsSchema)) },
      },
    },
    async ({ query }) => ok(await categories.list(query)),
  );

  app.post(
    '/settings/categories',
    { config: access, schema: { tags: ['settings'], body: categoryInputSchema, response } },
    async ({ body }) => ok(await categories.add(body), 'The category has been added.'),
  );

  app.put(
    '/settings/categories/:id',
    {
      config: access,
      schema: { tags: ['settings'], params: idParamSchema, body: categoryInputSchema, response },
    },
    async ({ params, body }) =>
      ok(await categories.update(params.id, body), 'The category has been saved.'),
  );

  app.delete(
    '/settings/categories/:id',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async ({ params }) => ok(await categories.remove(params.id), 'The category has been deleted.'),
  );
};
