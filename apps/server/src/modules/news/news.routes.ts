import path from 'node:path';
import { envelopeSchema, pageSchema, paginationQuerySchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  newsArticleSchema,
  newsCardSchema,
  newsInputSchema,
  newsSettingsQuerySchema,
  newsSettingsSchema,
} from '@esd/shared/content/news.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import {
  acceptJsonWithImage,
  jsonWithImageDescription,
  pendingImageOf,
  readImage,
  serveStoredFile,
  storedNamePattern,
} from '../../lib/uploads';
import { createNewsService } from './news.service';

/** News: the global admin writes articles in three languages; every signed-in role reads them. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'globalDistrict' as const };
  const imagesDir = path.join(app.config.dataDir, 'news');
  const settingsResponse = { 200: envelopeSchema(newsSettingsSchema) };

  const news = createNewsService({ db: app.db, imagesDir, clock: app.clock });

  app.get(
    '/settings/news',
    {
      config: admin,
      schema: {
        tags: ['news'],
        querystring: newsSettingsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(newsSettingsSchema)) },
      },
    },
    async ({ query }) => ok(await news.listForSettings(query)),
  );

  app.post(
    '/settings/news',
    {
      config: admin,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['news'],
        description: jsonWithImageDescription,
        body: newsInputSchema,
        response: settingsResponse,
      },
    },
    async (request) =>
      ok(
        await news.create(request.body, pendingImageOf(request), request.session?.user.id ?? null),
        'The article has been saved.',
      ),
  );

  app.get(
    '/settings/news/:id',
    {
      config: admin,
      schema: { tags: ['news'], params: idParamSchema, response: settingsResponse },
    },
    async ({ params }) => ok(await news.get(params.id)),
  );

  app.put(
    '/settings/news/:id',
    {
      config: admin,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['news'],
        description: jsonWithImageDescription,
        params: idParamSchema,
        body: newsInputSchema,
        response: settingsResponse,
      },
    },
    async (request) =>
      ok(
        await news.update(request.params.id, request.body, pendingImageOf(request)),
        'The article has been saved.',
      ),
  );

  app.delete(
    '/settings/news/:id',
    {
      config: admin,
      schema: { tags: ['news'], params: idParamSchema, response: settingsResponse },
    },
    async ({ params }) => ok(await news.remove(params.id), 'The article has been deleted.'),
  );

  app.post(
    '/settings/news/:id/image',
    {
      config: admin,
      schema: { tags: ['news'], params: idParamSchema, response: settingsResponse },
    },
    async (request) =>
      ok(
        await news.setImage(request.params.id, () => readImage(request)),
        'The image has been saved.',
      ),
  );

  app.delete(
    '/settings/news/:id/image',
    {
      config: admin,
      schema: { tags: ['news'], params: idParamSchema, response: settingsResponse },
    },
    async ({ params }) => ok(await news.removeImage(params.id), 'The image has been removed.'),
  );

  app.get(
    '/news',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        querystring: paginationQuerySchema,
        response: { 200: envelopeSchema(pageSchema(newsCardSchema)) },
      },
    },
    async (request) => ok(await news.published(request.query, requestLanguage(request))),
  );

  app.get(
    '/news/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        params: idParamSchema,
        response: { 200: envelopeSchema(newsArticleSchema) },
      },
    },
    async (request) =>
      ok(await news.article(request.params.id, requestLanguage(request), request.session?.role)),
  );

  // News images carry random names and illustrate articles every signed-in role reads;
  // an <img> cannot send the bearer token, so they are served like product images.
  app.get(
    '/files/news/:name',
    {
      config: { access: 'anonymous' },
      schema: { tags: ['news'], params: z.object({ name: z.string().regex(storedNamePattern) }) },
    },
    async (request, reply) => serveStoredFile(reply, imagesDir, request.params.name),
  );
};
