import { envelopeSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  awardResultSchema,
  eventInputSchema,
  eventSettingsSchema,
  eventsSettingsQuerySchema,
} from '@esd/shared/events/events.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActor } from '../../lib/audit';
import { ok } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import { createEventsSettingsService } from './events-settings.service';
import { pictureRecordRoutes } from './picture-record.routes';

export const eventsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const settings = createEventsSettingsService({
    db: app.db,
    dataDir: app.config.dataDir,
    clock: app.clock,
  });

  pictureRecordRoutes(app, {
    path: '/settings/events',
    noun: 'event',
    schemas: {
      query: eventsSettingsQuerySchema,
      input: eventInputSchema,
      record: eventSettingsSchema,
    },
    service: settings,
  });

  app.post(
    '/settings/events/:id/award',
    {
      config: access,
      schema: {
        tags: ['events'],
        params: idParamSchema,
        response: { 200: envelopeSchema(awardResultSchema) },
      },
    },
    async (request) => {
      const result = await settings.award(
        request.params.id,
        auditActor(request),
        requireSession(request).user.id,
      );
      return ok(
        result,
        result.awarded === 1
          ? 'One prize has been awarded.'
          : `${result.awarded} prizes have been awarded.`,
      );
    },
  );
};
