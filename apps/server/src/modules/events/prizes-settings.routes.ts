import {
  prizeInputSchema,
  prizeSettingsSchema,
  prizesSettingsQuerySchema,
} from '@esd/shared/events/events.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pictureRecordRoutes } from './picture-record.routes';
import { createPrizesSettingsService } from './prizes-settings.service';

export const prizesSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  pictureRecordRoutes(app, {
    path: '/settings/prizes',
    noun: 'prize',
    schemas: {
      query: prizesSettingsQuerySchema,
      input: prizeInputSchema,
      record: prizeSettingsSchema,
    },
    service: createPrizesSettingsService({ db: app.db, dataDir: app.config.dataDir }),
  });
};
