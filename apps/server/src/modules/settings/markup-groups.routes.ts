import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  markupGroupInputSchema,
  markupGroupSchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { createMarkupGroupsService } from './markup-groups.service';

export const markupGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(markupGroupSchema) };

  const groups = createMarkupGroupsService({ db: app.db });

  app.get(
    '/settings/markup-groups',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: settingsListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(markupGroupSchema)) },
      },
    },
    async ({ query }) => ok(await groups.list(query)),
  );

  app.post(
    '/settings/markup-groups',
    { config: access, schema: { tags: ['settings'], body: markupGroupInputSchema, response } },
    async (request) =>
      ok(await groups.add(request.body, auditActor(request)), 'The markup group has been added.'),
  );

  app.put(
    '/settings/markup-groups/:id',
    {
      config: access,
      schema: { tags: ['settings'], params: idParamSchema, body: markupGroupInputSchema, response },
    },
    async (request) =>
      ok(
        await groups.update(request.params.id, request.body, auditActor(request)),
        'The markup group has been saved.',
      ),
  );

  app.delete(
    '/settings/markup-groups/:id',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async (request) =>
      ok(
        await groups.remove(request.params.id, auditActor(request)),
        'The markup group has been deleted.',
      ),
  );
};
