import { envelopeSchema, type Page, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../../lib/errors';
import {
  acceptJsonWithImage,
  type CheckedFile,
  jsonWithImageDescription,
  pendingImageOf,
  readImage,
} from '../../lib/uploads';

/** What the settings of a record with a picture (an event, a prize) offer to its routes. */
type PictureRecordService<Query, Input, Record> = {
  list: (query: Query) => Promise<Page<Record>>;
  get: (id: number) => Promise<Record>;
  add: (input: Input, image: CheckedFile | undefined) => Promise<Record>;
  update: (id: number, input: Input, image: CheckedFile | undefined) => Promise<Record>;
  remove: (id: number) => Promise<Record>;
  setImage: (id: number, readImage: () => Promise<CheckedFile>) => Promise<Record>;
};

/**
 * The settings routes of a record with a picture (spec 7: events and prizes): list, one, add and
 * save (JSON, or multipart with the picture), delete, and the picture alone. Both records answer
 * alike and differ only in their path, schemas, service and the noun of their messages.
 */
export const pictureRecordRoutes = <Query, Input, Record>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  {
    path,
    noun,
    schemas,
    service,
  }: {
    path: string;
    noun: string;
    schemas: { query: z.ZodType<Query>; input: z.ZodType<Input>; record: z.ZodType<Record> };
    service: PictureRecordService<Query, Input, Record>;
  },
) => {
  const config = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(schemas.record) };
  const tags = ['events'];
  // The casts below only undo the type provider's `UndefinedToUnknown` on a generic schema:
  // zod has already parsed the query and the body with exactly `schemas.query` and `schemas.input`.

  app.get(
    path,
    {
      config,
      schema: {
        tags,
        querystring: schemas.query,
        response: { 200: envelopeSchema(pageSchema(schemas.record)) },
      },
    },
    async ({ query }) => ok(await service.list(query as Query)),
  );

  app.get(
    `${path}/:id`,
    { config, schema: { tags, params: idParamSchema, response } },
    async ({ params }) => ok(await service.get(params.id)),
  );

  app.post(
    path,
    {
      config,
      preValidation: acceptJsonWithImage,
      schema: { tags, description: jsonWithImageDescription, body: schemas.input, response },
    },
    async (request) =>
      ok(
        await service.add(request.body as Input, pendingImageOf(request)),
        `The ${noun} has been added.`,
      ),
  );

  app.put(
    `${path}/:id`,
    {
      config,
      preValidation: acceptJsonWithImage,
      schema: {
        tags,
        description: jsonWithImageDescription,
        params: idParamSchema,
        body: schemas.input,
        response,
      },
    },
    async (request) =>
      ok(
        await service.update(request.params.id, request.body as Input, pendingImageOf(request)),
        `The ${noun} has been saved.`,
      ),
  );

  app.delete(
    `${path}/:id`,
    { config, schema: { tags, params: idParamSchema, response } },
    async ({ params }) => ok(await service.remove(params.id), `The ${noun} has been deleted.`),
  );

  app.post(
    `${path}/:id/image`,
    { config, schema: { tags, params: idParamSchema, response } },
    async (request) =>
      ok(
        await service.setImage(request.params.id, () => readImage(request)),
        'The image has been saved.',
      ),
  );
};
