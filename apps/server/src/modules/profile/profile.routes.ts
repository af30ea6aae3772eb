import path from 'node:path';
import { envelopeSchema } from '@esd/shared/api';
import {
  changePasswordInputSchema,
  refreshDataSchema,
  starredPagesSchema,
  updateProfileInputSchema,
  userProfileSchema,
} from '@esd/shared/auth/auth.schemas';
import {
  activeSignInsSchema,
  endedSignInsSchema,
  signInIdParamsSchema,
} from '@esd/shared/auth/sign-ins';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/errors';
import { readImage, serveStoredFile, storedNamePattern } from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import { createAuthService } from '../auth';
import { createProfileService } from './profile.service';
import { createSignInsService } from './sign-ins';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService({
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    clock: app.clock,
    config: app.config,
  });
  const avatarsDir = path.join(app.config.dataDir, 'avatars');

  const profile = createProfileService({ db: app.db, avatarsDir });
  const signIns = createSignInsService({ db: app.db, clock: app.clock });

  app.put(
    '/profile',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profile'],
        body: updateProfileInputSchema,
        response: { 200: envelopeSchema(userProfileSchema) },
      },
    },
    async (request) =>
      ok(
        await profile.update(requireSession(request), request.body),
        'Your information has been saved.',
      ),
  );

  app.post(
    '/profile/password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profile'],
        body: changePasswordInputSchema,
        response: { 200: envelopeSchema(refreshDataSchema) },
      },
    },
    async (request) =>
      ok(
        await auth.changePassword(requireSession(request), request.body),
        'Your password has been changed. Other sessions were signed out.',
      ),
  );

  app.post(
    '/profile/photo',
    {
      config: { access: 'public' },
      schema: { tags: ['profile'], response: { 200: envelopeSchema(userProfileSchema) } },
    },
    async (request) => {
      const session = requireSession(request);
      const photo = await readImage(request);
      return ok(await profile.setPhoto(session, photo), 'Your photo has been saved.');
    },
  );

  app.get(
    '/profile/starred',
    {
      config: { access: 'public' },
      schema: { tags: ['profile'], response: { 200: envelopeSchema(starredPagesSchema) } },
    },
    async (request) => ok(requireSession(request).user.starredPages),
  );

  app.put(
    '/profile/starred',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profile'],
        body: starredPagesSchema,
        response: { 200: envelopeSchema(starredPagesSchema) },
      },
    },
    async (request) => ok(await profile.setStarred(requireSession(request), request.body)),
  );

  app.get(
    '/profile/sessions',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profile'],
        description:
          "The account's active sign-ins: device, address, started, last seen (updated at most once a minute) and how it signed in; `current` marks the one asking.",
        response: { 200: envelopeSchema(activeSignInsSchema) },
      },
    },
    async (request) => ok(await signIns.list(requireSession(request))),
  );

  app.delete(
    '/profile/sessions/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profile'],
        description:
          'Ends one active sign-in of the account: its tokens are refused at once on every process. An id that is not an active sign-in of the account is 404.',
        params: signInIdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await signIns.end(requireSession(request), request.params.id);
      return ok(null, 'The sign-in has been ended.');
    },
  );

  app.post(
    '/profile/sessions/end-others',
    {
      config: { access: 'public' },
      schema: {
        tags: ['profile'],
        description: 'Ends every active sign-in of the account except the one asking.',
        response: { 200: envelopeSchema(endedSignInsSchema) },
      },
    },
    async (request) => {
      const ended = await signIns.endOthers(requireSession(request));
      return ok({ ended }, 'Your other sign-ins have been ended.');
    },
  );

  // Avatars carry random 128-bit names, so they are served without a token (img tags send none).
  app.get(
    '/files/avatars/:name',
    {
      config: { access: 'anonymous' },
      schema: {
        tags: ['profile'],
        params: z.object({ name: z.string().regex(storedNamePattern) }),
      },
    },
    async (request, reply) => serveStoredFile(reply, avatarsDir, request.params.name),
  );
};
