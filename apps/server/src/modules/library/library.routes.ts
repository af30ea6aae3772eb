import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import { libraryDocumentSchema, libraryQuerySchema } from '@esd/shared/content/library.schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { libraryDocuments } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { writeWithFile } from '../../lib/stored-file-write';
import { findLibraryDocument, findLibraryDocuments, toLibraryDocument } from './library.repository';
import {
  checkLibraryFile,
  libraryFilePath,
  parseLibraryMeta,
  readLibraryMultipart,
  removeLibraryFile,
} from './library.storage';
import { attachmentDisposition } from './library-file-type';

const notFound = () => new AppError('NOT_FOUND', 'This document does not exist.');

/** Library: the global admin uploads documents; every signed-in role lists and downloads them. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'globalDistrict' as const };
  const dir = path.join(app.config.dataDir, 'library');
  const listResponse = { 200: envelopeSchema(pageSchema(libraryDocumentSchema)) };
  const oneResponse = { 200: envelopeSchema(libraryDocumentSchema) };

  const one = async (id: number) => {
    const row = await findLibraryDocument(app.db, id);
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/settings/library',
    {
      config: admin,
      schema: { tags: ['library'], querystring: libraryQuerySchema, response: listResponse },
    },
    async ({ query }) => ok(await findLibraryDocuments(app.db, query)),
  );

  app.post(
    '/settings/library',
    {
      config: admin,
      schema: {
        tags: ['library'],
        description: 'multipart/form-data: file, title, description, category, lang',
        response: oneResponse,
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('INVALID_FILE', 'Send the document as a multipart form with its file.');
      }
      const { fields, file } = await readLibraryMultipart(request);
      const meta = parseLibraryMeta(fields);
      if (!file) throw new AppError('INVALID_FILE', 'Choose a file to upload.');
      const checked = checkLibraryFile(file);
      const row = await writeWithFile({
        db: app.db,
        dir,
        file: checked.file,
        write: async (tx, storedName) => {
          const [inserted] = await tx
            .insert(libraryDocuments)
            .values({
              ...meta,
              ...checked.fields,
              storedName: storedName!,
              uploadedBy: request.session?.user.id ?? null,
            })
            .returning();
          return inserted!;
        },
      });
      return ok(toLibraryDocument(row), 'The document has been uploaded.');
    },
  );

  app.put(
    '/settings/library/:id',
    {
      config: admin,
      schema: {
        tags: ['library'],
        description:
          'JSON {title, description, category, lang}, or multipart with the same fields and optionally a new file',
        params: idParamSchema,
        response: oneResponse,
      },
    },
    async (request) => {
      const current = await one(request.params.id);
      const { fields, file } = request.isMultipart()
        ? await readLibraryMultipart(request)
        : { fields: (request.body ?? {}) as Record<string, unknown>, file: undefined };
      const meta = parseLibraryMeta(fields);
      const checked = file ? checkLibraryFile(file) : undefined;
      const { updated, replaced } = await writeWithFile({
        db: app.db,
        dir,
        file: checked?.file,
        write: async (tx, storedName) => {
          const [before] = await tx
            .select({ storedName: libraryDocuments.storedName })
            .from(libraryDocuments)
            .where(eq(libraryDocuments.id, current.id))
            .for('update');
          if (!before) throw notFound();
          const [row] = await tx
            .update(libraryDocuments)
            .set({ ...meta, ...checked?.fields, storedName, updatedAt: sql`now()` })
            .where(eq(libraryDocuments.id, current.id))
            .returning();
          return { updated: row!, replaced: storedName ? before.storedName : undefined };
        },
      });
      // the replaced file goes only once the new one is committed
      if (replaced) await removeLibraryFile(dir, replaced);
      return ok(toLibraryDocument(updated), 'The document has been saved.');
    },
  );

  app.delete(
    '/settings/library/:id',
    {
      config: admin,
      schema: { tags: ['library'], params: idParamSchema, response: oneResponse },
    },
    async ({ params }) => {
      const [row] = await app.db
        .delete(libraryDocuments)
        .where(eq(libraryDocuments.id, params.id))
        .returning();
      if (!row) throw notFound();
      // the row goes first: a failed delete never leaves a row without its file
      await removeLibraryFile(dir, row.storedName);
      return ok(toLibraryDocument(row), 'The document has been deleted.');
    },
  );

  app.get(
    '/library',
    {
      config: { access: 'public' },
      schema: { tags: ['library'], querystring: libraryQuerySchema, response: listResponse },
    },
    async ({ query }) => ok(await findLibraryDocuments(app.db, query)),
  );

  app.get(
    '/library/:id/download',
    { config: { access: 'public' }, schema: { tags: ['library'], params: idParamSchema } },
    async (request, reply) => {
      const row = await one(request.params.id);
      const file = libraryFilePath(dir, row.storedName);
      const info = file ? await stat(file).catch(() => undefined) : undefined;
      if (!file || !info?.isFile())
        throw new AppError('NOT_FOUND', 'The file of this document is missing.');
      const type = row.mimeType.startsWith('text/')
        ? `${row.mimeType}; charset=utf-8`
        : row.mimeType;
      return reply
        .type(type)
        .header('Content-Length', info.size)
        .header('Content-Disposition', attachmentDisposition(row.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(createReadStream(file));
    },
  );
};
