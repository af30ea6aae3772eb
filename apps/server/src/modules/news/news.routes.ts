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
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { news } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import {
  receiveImage,
  removeStoredFile,
  serveStoredFile,
  storedNamePattern,
} from '../../lib/uploads';
import {
  findNewsForSettings,
  findNewsRow,
  findPublishedNews,
  toNewsArticle,
  toNewsSettings,
  toNewsValues,
} from './news.repository';

const notFound = () => new AppError('NOT_FOUND', 'This article does not exist.');

/** News: the global admin writes articles in three languages; every signed-in role reads them. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'globalDistrict' as const };
  const imagesDir = path.join(app.config.dataDir, 'news');
  const settingsResponse = { 200: envelopeSchema(newsSettingsSchema) };

  const one = async (id: number) => {
    const row = await findNewsRow(app.db, id);
    if (!row) throw notFound();
    return row;
  };

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
    async ({ query }) => ok(await findNewsForSettings(app.db, query)),
  );

  app.post(
    '/settings/news',
    {
      config: admin,
      schema: { tags: ['news'], body: newsInputSchema, response: settingsResponse },
    },
    async (request) => {
      const [row] = await app.db
        .insert(news)
        .values({ ...toNewsValues(request.body), authorId: request.session?.user.id ?? null })
        .returning({ id: news.id });
      return ok(toNewsSettings(await one(row!.id)), 'The article has been saved.');
    },
  );

  app.get(
    '/settings/news/:id',
    {
      config: admin,
      schema: { tags: ['news'], params: idParamSchema, response: settingsResponse },
    },
    async ({ params }) => ok(toNewsSettings(await one(params.id))),
  );

  app.put(
    '/settings/news/:id',
    {
      config: admin,
      schema: {
        tags: ['news'],
        params: idParamSchema,
        body: newsInputSchema,
        response: settingsResponse,
      },
    },
    async ({ params, body }) => {
      const updated = await app.db
        .update(news)
        .set({ ...toNewsValues(body), updatedAt: sql`now()` })
        .where(eq(news.id, params.id))
        .returning({ id: news.id });
      if (updated.length === 0) throw notFound();
      return ok(toNewsSettings(await one(params.id)), 'The article has been saved.');
    },
  );

  app.delete(
    '/settings/news/:id',
    {
      config: admin,
      schema: { tags: ['news'], params: idParamSchema, response: settingsResponse },
    },
    async ({ params }) => {
      const article = await one(params.id);
      await app.db.delete(news).where(eq(news.id, params.id));
      await removeStoredFile(imagesDir, article.imagePath);
      return ok(toNewsSettings(article), 'The article has been deleted.');
    },
  );

  app.post(
    '/settings/news/:id/image',
    {
      config: admin,
      schema: { tags: ['news'], params: idParamSchema, response: settingsResponse },
    },
    async (request) => {
      const article = await one(request.params.id);
      const name = await receiveImage(request, imagesDir);
      const updated = await app.db
        .update(news)
        .set({ imagePath: name, updatedAt: sql`now()` })
        .where(eq(news.id, article.id))
        .returning({ id: news.id });
      if (updated.length === 0) {
        await removeStoredFile(imagesDir, name);
        throw notFound();
      }
      await removeStoredFile(imagesDir, article.imagePath);
      return ok(toNewsSettings(await one(article.id)), 'The image has been saved.');
    },
  );

  app.delete(
    '/settings/news/:id/image',
    {
      config: admin,
      schema: { tags: ['news'], params: idParamSchema, response: settingsResponse },
    },
    async ({ params }) => {
      const article = await one(params.id);
      await app.db
        .update(news)
        .set({ imagePath: null, updatedAt: sql`now()` })
        .where(eq(news.id, article.id));
      await removeStoredFile(imagesDir, article.imagePath);
      return ok(toNewsSettings(await one(article.id)), 'The image has been removed.');
    },
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
    async (request) => ok(await findPublishedNews(app.db, request.query, requestLanguage(request))),
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
    async (request) => {
      const row = await findNewsRow(app.db, request.params.id);
      const isVisible = row && row.status === 'published' && row.publishAt <= new Date();
      // drafts and future articles exist only for the global admin (who previews them)
      if (!row || (!isVisible && request.session?.role !== 'gd')) throw notFound();
      return ok(toNewsArticle(row, requestLanguage(request)));
    },
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
