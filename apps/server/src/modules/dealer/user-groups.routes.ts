import { envelopeSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  dealerUserSchema,
  userGroupInputSchema,
  userGroupSchema,
} from '@esd/shared/catalogue/settings.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { createUserGroupsService } from './user-groups.service';

export const userGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'dealer' as const };
  const response = { 200: envelopeSchema(userGroupSchema) };

  const groups = createUserGroupsService({ db: app.db });

  app.get(
    '/dealer/groups',
    {
      config: access,
      schema: { tags: ['dealer'], response: { 200: envelopeSchema(z.array(userGroupSchema)) } },
    },
    async (request) => ok(await groups.list(requireSession(request).user.id)),
  );

  app.post(
    '/dealer/groups',
    { config: access, schema: { tags: ['dealer'], body: userGroupInputSchema, response } },
    async (request) =>
      ok(
        await groups.add(auditActor(request), requireSession(request).user.id, request.body),
        'The group has been added.',
      ),
  );

  app.put(
    '/dealer/groups/:id',
    {
      config: access,
      schema: { tags: ['dealer'], params: idParamSchema, body: userGroupInputSchema, response },
    },
    async (request) =>
      ok(
        await groups.update(
          auditActor(request),
          requireSession(request).user.id,
          request.params.id,
          request.body,
        ),
        'The group has been saved.',
      ),
  );

  app.delete(
    '/dealer/groups/:id',
    { config: access, schema: { tags: ['dealer'], params: idParamSchema, response } },
    async (request) =>
      ok(
        await groups.remove(
          auditActor(request),
          requireSession(request).user.id,
          request.params.id,
        ),
        'The group has been deleted; its users pay the default prices.',
      ),
  );

  app.get(
    '/dealer/users',
    {
      config: access,
      schema: { tags: ['dealer'], response: { 200: envelopeSchema(z.array(dealerUserSchema)) } },
    },
    async (request) => ok(await groups.users(requireSession(request).user.id)),
  );
};
