import { envelopeSchema } from '@esd/shared/api';
import {
  noticeSettingsSchema,
  saveNoticeSettingInputSchema,
  waitingCountsSchema,
} from '@esd/shared/notifications/notifications.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { createNotificationsService } from './notifications.service';

/** What waits for an admin (the navigation's badges) and which mails it gets (issue 21). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const notifications = createNotificationsService({
    db: app.db,
    mailer: app.mailer,
    config: app.config,
  });
  const admins = { access: 'globalOrLocal' as const };

  app.get(
    '/notifications/waiting',
    {
      config: admins,
      schema: {
        tags: ['notifications'],
        description:
          'What waits for the calling admin, counted in its scope (a local admin: the orders and applications of its countries).',
        response: { 200: envelopeSchema(waitingCountsSchema) },
      },
    },
    async (request) => ok(await notifications.waiting(requireSession(request))),
  );

  app.get(
    '/profile/notifications',
    {
      config: admins,
      schema: { tags: ['profile'], response: { 200: envelopeSchema(noticeSettingsSchema) } },
    },
    async (request) => ok(await notifications.settings(requireSession(request))),
  );

  app.put(
    '/profile/notifications',
    {
      config: admins,
      schema: {
        tags: ['profile'],
        body: saveNoticeSettingInputSchema,
        response: { 200: envelopeSchema(noticeSettingsSchema) },
      },
    },
    async (request) =>
      ok(
        await notifications.saveSetting(requireSession(request), request.body),
        'Your mail settings have been saved.',
      ),
  );
};
