import { envelopeSchema } from '@esd/shared/api';
import {
  adobeStatisticsExportQuerySchema,
  adobeStatisticsQuerySchema,
  adobeStatisticsSchema,
} from '@esd/shared/statistics/adobe-statistics.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { createAdobeStatisticsService } from './adobe-statistics.service';
import { sendSheets } from './sales-statistics.export';

/** /pages/statistic/adobe (spec 2: all except user), scoped like the orders list. */
export const adobeStatisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const adobe = createAdobeStatisticsService({ db: app.db });

  app.get(
    '/statistics/adobe',
    {
      config: { access: 'allWithoutUser' },
      schema: {
        tags: ['statistics'],
        querystring: adobeStatisticsQuerySchema,
        response: { 200: envelopeSchema(adobeStatisticsSchema) },
      },
    },
    async (request) => ok(await adobe.read(requireSession(request), request.query.months)),
  );

  app.get(
    '/statistics/adobe/export',
    {
      config: { access: 'allWithoutUser' },
      schema: { tags: ['statistics'], querystring: adobeStatisticsExportQuerySchema },
    },
    async (request, reply) => {
      const { filename, sheets } = await adobe.sheets(
        requireSession(request),
        request.query.months,
        requestLanguage(request),
      );
      return sendSheets(app.log, reply, request.query.format, filename, sheets);
    },
  );
};
