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
import type { Tx } from '../../db/client';
import { news } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { writeWithFile } from '../../lib/stored-file-write';
import {
  acceptJsonWithImage,
  jsonWithImageDescription,
  pendingImageOf,
  readImage,
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

  /** Sets the article's image in `tx` and answers the one it replaced (removed after commit). */
  const setImage = async (tx: Tx, id: number, imagePath: string) => {
    const [before] = await tx
      .select({ imagePath: news.imagePath })
      .from(news)
      .where(eq(news.id, id))
      .for('update');
    if (!before) throw notFound();
    await tx.update(news).set({ imagePath, updatedAt: sql`now()` }).where(eq(news.id, id));
    return before.imagePath;
  };

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
    async (request) => {
      const id = await writeWithFile({
        db: app.db,
        dir: imagesDir,
        file: pendingImageOf(request),
        write: async (tx, imagePath) => {
          const [row] = await tx
            .insert(news)
            .values({
              ...toNewsValues(request.body),
              imagePath,
              authorId: request.session?.user.id ?? null,
            })
            .returning({ id: news.id });
          return row!.id;
        },
      });
      return ok(toNewsSettings(await one(id)), 'The article has been saved.');
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
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['news'],
        description: jsonWithImageDescription,
        params: idParamSchema,
        body: newsInputSchema,
        response: settingsResponse,
      },
    },
    async (request) => {
      const { params, body } = request;
      const replaced = await writeWithFile({
        db: app.db,
        dir: imagesDir,
        file: pendingImageOf(request),
        write: async (tx, imagePath) => {
          const updated = await tx
            .update(news)
            .set({ ...toNewsValues(body), updatedAt: sql`now()` })
            .where(eq(news.id, params.id))
            .returning({ id: news.id });
          if (updated.length === 0) throw notFound();
          return imagePath ? setImage(tx, params.id, imagePath) : null;
        },
      });
      await removeStoredFile(imagesDir, replaced);
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
      const replaced = await writeWithFile({
        db: app.db,
        dir: imagesDir,
        file: await readImage(request),
        write: (tx, imagePath) => setImage(tx, article.id, imagePath!),
      });
      await removeStoredFile(imagesDir, replaced);
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
