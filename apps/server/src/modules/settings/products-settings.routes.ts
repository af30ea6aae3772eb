import path from 'node:path';
import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  productInputSchema,
  productSettingsQuerySchema,
  productSettingsSchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { readImage } from '../../lib/uploads';
import { createProductSettingsService } from './products-settings.service';

export const productsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(productSettingsSchema) };
  const imagesDir = path.join(app.config.dataDir, 'products');

  const catalogue = createProductSettingsService({ db: app.db, imagesDir });

  app.get(
    '/settings/products',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: productSettingsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(productSettingsSchema)) },
      },
    },
    async ({ query }) => ok(await catalogue.list(query)),
  );

  app.get(
    '/settings/products/:id',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async ({ params }) => ok(await catalogue.get(params.id)),
  );

  app.post(
    '/settings/products',
    { config: access, schema: { tags: ['settings'], body: productInputSchema, response } },
    async (request) =>
      ok(await catalogue.add(request.body, auditActor(request)), 'The product has been added.'),
  );

  app.put(
    '/settings/products/:id',
    {
      config: access,
      schema: { tags: ['settings'], params: idParamSchema, body: productInputSchema, response },
    },
    async (request) =>
      ok(
        await catalogue.update(request.params.id, request.body, auditActor(request)),
        'The product has been saved.',
      ),
  );

  app.delete(
    '/settings/products/:id',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async ({ params }) => ok(await catalogue.remove(params.id), 'The product has been deleted.'),
  );

  app.post(
    '/settings/products/:id/image',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async (request) =>
      ok(
        await catalogue.setImage(request.params.id, () => readImage(request)),
        'The image has been saved.',
      ),
  );
};
