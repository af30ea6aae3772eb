import path from 'node:path';
import { envelopeSchema } from '@esd/shared/api';
import {
  changePasswordInputSchema,
  refreshDataSchema,
  starredPagesSchema,
  updateProfileInputSchema,
  userProfileSchema,
} from '@esd/shared/auth/auth.schemas';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { writeWithFile } from '../../lib/stored-file-write';
import { readImage, removeStoredFile, serveStoredFile, storedNamePattern } from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import { createAuthService } from '../auth/auth.service';
import { toProfile } from '../auth/profile';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app);
  const avatarsDir = path.join(app.config.dataDir, 'avatars');

  const updateUser = async (id: number, values: Partial<typeof users.$inferInsert>) => {
    const [user] = await app.db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
    return user;
  };

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
    async (request) => {
      const { user, claims } = requireSession(request);
      const updated = await updateUser(user.id, request.body);
      return ok(toProfile(updated, claims), 'Your information has been saved.');
    },
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
      const { user, claims } = requireSession(request);
      const { updated, replaced } = await writeWithFile({
        db: app.db,
        dir: avatarsDir,
        file: await readImage(request),
        write: async (tx, photoPath) => {
          const [before] = await tx
            .select({ photoPath: users.photoPath })
            .from(users)
            .where(eq(users.id, user.id))
            .for('update');
          if (!before) throw new AppError('NOT_FOUND', 'Account not found.');
          const [row] = await tx
            .update(users)
            .set({ photoPath, updatedAt: sql`now()` })
            .where(eq(users.id, user.id))
            .returning();
          return { updated: row!, replaced: before.photoPath };
        },
      });
      // the old photo goes only once the new one is committed
      await removeStoredFile(avatarsDir, replaced);
      return ok(toProfile(updated, claims), 'Your photo has been saved.');
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
    async (request) => {
      const unique = [...new Map(request.body.map((page) => [page.path, page])).values()];
      const updated = await updateUser(requireSession(request).user.id, { starredPages: unique });
      return ok(updated.starredPages);
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
