import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import { creatableTypeIds } from '@esd/shared/users/users.rules';
import {
  createUserInputSchema,
  managedUserSchema,
  updateUserInputSchema,
  userListQuerySchema,
  userOptionsQuerySchema,
  userOptionsSchema,
} from '@esd/shared/users/users.schemas';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { countries, markupGroups, userGroups, users } from '../../db/schema';
import { auditActor } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import {
  countryName,
  countryScope,
  dealerScope,
  findManagedUsers,
  listCondition,
  managedScope,
} from './users.repository';
import { createUsersService } from './users.service';

/**
 * User administration (spec 2 /pages/settings/users, issue 7): every role but the end user,
 * each inside its own slice of the hierarchy. Records outside it answer 404.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'allWithoutUser' as const };
  const tags = ['users'];
  const service = createUsersService(app);
  const response = { 200: envelopeSchema(managedUserSchema) };

  const view = async (request: FastifyRequest, id: number, db: DbOrTx = app.db) => {
    const session = requireSession(request);
    const [user] = await findManagedUsers(db, {
      where: and(eq(users.id, id), managedScope(session)),
      lang: requestLanguage(request),
      limit: 1,
      offset: 0,
    });
    if (!user) throw new AppError('NOT_FOUND', 'This account does not exist.');
    return user;
  };

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
    async (request) => {
      const session = requireSession(request);
      const { query } = request;
      const where = listCondition(session, query);
      const [items, [total]] = await Promise.all([
        findManagedUsers(app.db, {
          where,
          lang: requestLanguage(request),
          sort: query.sort,
          order: query.order,
          limit: query.perPage,
          offset: (query.page - 1) * query.perPage,
        }),
        app.db.select({ value: count() }).from(users).where(where),
      ]);
      return ok({ items, total: total?.value ?? 0 });
    },
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
    async (request) => {
      const session = requireSession(request);
      const lang = requestLanguage(request);
      const name = countryName(lang);
      const mayChooseMore = session.role === 'gd' || session.role === 'ld';
      const groupsDealerId =
        session.role === 'd' ? session.user.id : (request.query.dealer_id ?? null);
      const [countryRows, dealerRows, markupRows] = await Promise.all([
        mayChooseMore
          ? app.db
              .select({ id: countries.id, name, code: countries.code })
              .from(countries)
              .where(countryScope(session))
              .orderBy(asc(name))
          : Promise.resolve([]),
        app.db
          .select({ id: users.id, name: users.name, country_id: users.countryId })
          .from(users)
          .where(dealerScope(session))
          .orderBy(asc(users.name), asc(users.id)),
        mayChooseMore
          ? app.db
              .select({
                id: markupGroups.id,
                name: markupGroups.name,
                percent: markupGroups.percent,
              })
              .from(markupGroups)
              .orderBy(asc(markupGroups.name))
          : Promise.resolve([]),
      ]);
      // groups only of a dealer the caller may attach users to
      const groupRows =
        groupsDealerId !== null && dealerRows.some((dealer) => dealer.id === groupsDealerId)
          ? await app.db
              .select({ id: userGroups.id, name: userGroups.name })
              .from(userGroups)
              .where(eq(userGroups.dealerId, groupsDealerId))
              .orderBy(asc(userGroups.name))
          : [];
      return ok({
        type_ids: creatableTypeIds(session.role),
        countries: countryRows,
        dealers: dealerRows,
        markup_groups: markupRows,
        user_groups: groupRows,
      });
    },
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
};
