import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  createUserInputSchema,
  managedUserSchema,
  updateUserInputSchema,
  userListQuerySchema,
  userOptionsQuerySchema,
  userOptionsSchema,
} from '@esd/shared/users/users.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createUsersService } from './users.service';

/**
 * User administration (spec 2 /pages/settings/users, issue 7): every role but the end user,
 * each inside its own slice of the hierarchy. Records outside it answer 404.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'allWithoutUser' as const };
  const tags = ['users'];
  const service = createUsersService({
    db: app.db,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
  });
  const response = { 200: envelopeSchema(managedUserSchema) };

  const view = (request: FastifyRequest, id: number) =>
    service.view(requireSession(request), requestLanguage(request), id);

  app.get(
    '/settings/users',
    {
      config: access,
      schema: {
        tags,
        summary: 'Accounts the caller manages, with credit and open orders',
        querystring: userListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(managedUserSchema)) },
      },
    },
    async (request) =>
      ok(await service.list(requireSession(request), requestLanguage(request), request.query)),
  );

  app.get(
    '/settings/users/options',
    {
      config: access,
      schema: {
        tags,
        summary: 'What the caller may choose in the user form',
        querystring: userOptionsQuerySchema,
        response: { 200: envelopeSchema(userOptionsSchema) },
      },
    },
    async (request) =>
      ok(
        await service.options(
          requireSession(request),
          requestLanguage(request),
          request.query.dealer_id,
        ),
      ),
  );

  app.get(
    '/settings/users/:id',
    { config: access, schema: { tags, params: idParamSchema, response } },
    async (request) => ok(await view(request, request.params.id)),
  );

  app.post(
    '/settings/users',
    {
      config: access,
      schema: {
        tags,
        summary: 'Invite: creates the account and mails it a set-password link',
        body: createUserInputSchema,
        response,
      },
    },
    async (request) => {
      const session = requireSession(request);
      const id = await service.create(session, auditActor(request), request.body, request.log);
      return ok(await view(request, id), 'The account has been created and invited by e-mail.');
    },
  );

  app.patch(
    '/settings/users/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'Changes the fields sent',
        params: idParamSchema,
        body: updateUserInputSchema,
        response,
      },
    },
    async (request) => {
      const session = requireSession(request);
      await service.update(session, auditActor(request), request.params.id, request.body);
      return ok(await view(request, request.params.id), 'The account has been saved.');
    },
  );

  app.post(
    '/settings/users/:id/deactivate',
    {
      config: access,
      schema: {
        tags,
        summary: 'Deactivates and ends every session',
        params: idParamSchema,
        response,
      },
    },
    async (request) => {
      const session = requireSession(request);
      await service.setActive(session, auditActor(request), request.params.id, false);
      return ok(await view(request, request.params.id), 'The account has been deactivated.');
    },
  );

  app.post(
    '/settings/users/:id/activate',
    { config: access, schema: { tags, params: idParamSchema, response } },
    async (request) => {
      const session = requireSession(request);
      await service.setActive(session, auditActor(request), request.params.id, true);
      return ok(await view(request, request.params.id), 'The account has been activated.');
    },
  );

  app.post(
    '/settings/users/:id/reset-password',
    {
      config: access,
      schema: {
        tags,
        summary: 'Ends the password and sessions; mails a link to choose a new password',
        params: idParamSchema,
        response,
      },
    },
    async (request) => {
      const session = requireSession(request);
      await service.resetPassword(session, auditActor(request), request.params.id, request.log);
      return ok(
        await view(request, request.params.id),
        'A link to choose a new password has been sent.',
      );
    },
  );

  app.post(
    '/settings/users/:id/reset-second-factors',
    {
      config: { access: 'globalDistrict' },
      schema: {
        tags,
        summary:
          'Global admins: removes the second factors and recovery codes of an account that lost its device, ends its sessions and mails its owner',
        params: idParamSchema,
        response,
      },
    },
    async (request) => {
      const session = requireSession(request);
      await service.resetSecondFactors(
        session,
        auditActor(request),
        request.params.id,
        request.log,
      );
      return ok(
        await view(request, request.params.id),
        'The second factors have been reset and the owner told.',
      );
    },
  );
};
