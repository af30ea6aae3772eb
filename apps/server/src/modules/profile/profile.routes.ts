import path from 'node:path';
import { envelopeSchema } from '@esd/shared/api';
import {
  changePasswordInputSchema,
  refreshDataSchema,
  starredPagesSchema,
  updateProfileInputSchema,
  userProfileSchema,
} from '@esd/shared/auth/auth.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/errors';
import { readImage, serveStoredFile, storedNamePattern } from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import { createAuthService } from '../auth';
import { createProfileService } from './profile.service';

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
