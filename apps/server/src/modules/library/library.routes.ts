import { createReadStream } from 'node:fs';
import path from 'node:path';
import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import { libraryDocumentSchema, libraryQuerySchema } from '@esd/shared/content/library.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../lib/attachment';
import { AppError, ok } from '../../lib/errors';
import { createLibraryService } from './library.service';
import { checkLibraryFile, parseLibraryMeta, readLibraryMultipart } from './library.storage';

/** Library: the global admin uploads documents; every signed-in role lists and downloads them. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'globalDistrict' as const };
  const dir = path.join(app.config.dataDir, 'library');
  const listResponse = { 200: envelopeSchema(pageSchema(libraryDocumentSchema)) };
  const oneResponse = { 200: envelopeSchema(libraryDocumentSchema) };

  const library = createLibraryService({ db: app.db, dir });

  app.get(
    '/settings/library',
    {
      config: admin,
      schema: { tags: ['library'], querystring: libraryQuerySchema, response: listResponse },
    },
    async ({ query }) => ok(await library.list(query)),
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
      const uploaded = await library.upload(
        meta,
        checkLibraryFile(file),
        request.session?.user.id ?? null,
      );
      return ok(uploaded, 'The document has been uploaded.');
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
      await library.requireDocument(request.params.id);
      const { fields, file } = request.isMultipart()
        ? await readLibraryMultipart(request)
        : { fields: (request.body ?? {}) as Record<string, unknown>, file: undefined };
      const meta = parseLibraryMeta(fields);
      const checked = file ? checkLibraryFile(file) : undefined;
      const updated = await library.update(request.params.id, meta, checked);
      return ok(updated, 'The document has been saved.');
    },
  );

  app.delete(
    '/settings/library/:id',
    {
      config: admin,
      schema: { tags: ['library'], params: idParamSchema, response: oneResponse },
    },
    async ({ params }) => ok(await library.remove(params.id), 'The document has been deleted.'),
  );

  app.get(
    '/library',
    {
      config: { access: 'public' },
      schema: { tags: ['library'], querystring: libraryQuerySchema, response: listResponse },
    },
    async ({ query }) => ok(await library.list(query)),
  );

  app.get(
    '/library/:id/download',
    { config: { access: 'public' }, schema: { tags: ['library'], params: idParamSchema } },
    async (request, reply) => {
      const { row, file, size } = await library.download(request.params.id);
      const type = row.mimeType.startsWith('text/')
        ? `${row.mimeType}; charset=utf-8`
        : row.mimeType;
      return reply
        .type(type)
        .header('Content-Length', size)
        .header('Content-Disposition', attachmentDisposition(row.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(createReadStream(file));
    },
  );
};
