import path from 'node:path';
import { envelopeSchema, pageSchema } from '@esd/shared/api';
import {
  categorySchema,
  idParamSchema,
  productDetailSchema,
  productListItemSchema,
  productListQuerySchema,
} from '@esd/shared/catalogue/catalogue.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { serveStoredFile, storedNamePattern } from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import { createCatalogueService } from './products.service';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const imagesDir = path.join(app.config.dataDir, 'products');
  const catalogue = createCatalogueService({ db: app.db, cache: app.catalogueCache });

  app.get(
    '/products',
    {
      config: { access: 'public', apiScope: 'catalogue:read' },
      schema: {
        tags: ['catalogue'],
        querystring: productListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(productListItemSchema)) },
      },
    },
    async (request) =>
      ok(await catalogue.list(requireSession(request), requestLanguage(request), request.query)),
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'public', apiScope: 'catalogue:read' },
      schema: {
        tags: ['catalogue'],
        params: idParamSchema,
        response: { 200: envelopeSchema(productDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await catalogue.product(
          requireSession(request),
          requestLanguage(request),
          request.params.id,
        ),
      ),
  );

  app.get(
    '/categories',
    {
      config: { access: 'public', apiScope: 'catalogue:read' },
      schema: { tags: ['catalogue'], response: { 200: envelopeSchema(z.array(categorySchema)) } },
    },
    async (request) => ok(await catalogue.categories(requestLanguage(request))),
  );

  // Product images carry random names and are public, like the catalogue they illustrate.
  app.get(
    '/files/products/:name',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['catalogue'],
        params: z.object({ name: z.string().regex(storedNamePattern) }),
      },
    },
    async (request, reply) => serveStoredFile(reply, imagesDir, request.params.name),
  );
};
