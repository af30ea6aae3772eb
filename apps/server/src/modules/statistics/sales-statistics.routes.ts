import { envelopeSchema } from '@esd/shared/api';
import {
  distributionStatisticsSchema,
  quarterExportQuerySchema,
  quarterQuerySchema,
  quarterStatisticsSchema,
  statisticsRangeExportQuerySchema,
  statisticsRangeQuerySchema,
  topProductsSchema,
  weeklyStatisticsSchema,
} from '@esd/shared/statistics/sales-statistics.schemas';
import { bakuToday, yearOf } from '@esd/shared/statistics/statistics.dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { startSalesFold } from './sales-fold';
import {
  distributionSheets,
  quarterSheets,
  sendSheets,
  weeklySheets,
} from './sales-statistics.export';
import {
  distributionStatistics,
  quarterStatistics,
  resolveRange,
  topProducts,
  weeklyStatistics,
} from './sales-statistics.query';

const thisYear = () => yearOf(bakuToday());

/**
 * Sales statistics (issue 7; spec 2 access): weekly and distribution for global and local
 * district admins, quarter and top products for every role but user. Every answer is scoped
 * on the server (see sales-statistics.query.ts); query parameters never widen the scope.
 */
export const salesStatisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  startSalesFold(app);

  app.get(
    '/statistics/weekly',
    {
      config: { access: 'globalOrLocal' },
      schema: {
        tags: ['statistics'],
        querystring: statisticsRangeQuerySchema,
        response: { 200: envelopeSchema(weeklyStatisticsSchema) },
      },
    },
    async (request) =>
      ok(await weeklyStatistics(app.db, requireSession(request), resolveRange(request.query))),
  );

  app.get(
    '/statistics/weekly/export',
    {
      config: { access: 'globalOrLocal' },
      schema: { tags: ['statistics'], querystring: statisticsRangeExportQuerySchema },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const range = resolveRange(request.query);
      const lang = requestLanguage(request);
      // two connections of the pool: the two reads run side by side
      const [data, top] = await Promise.all([
        weeklyStatistics(app.db, session, range),
        topProducts(app.db, session, range, lang),
      ]);
      return sendSheets(
        app,
        reply,
        request.query.format,
        `weekly-sales-${range.date_from}-${range.date_to}`,
        weeklySheets(lang, data, top),
      );
    },
  );

  app.get(
    '/statistics/distribution',
    {
      config: { access: 'globalOrLocal' },
      schema: {
        tags: ['statistics'],
        querystring: statisticsRangeQuerySchema,
        response: { 200: envelopeSchema(distributionStatisticsSchema) },
      },
    },
    async (request) =>
      ok(
        await distributionStatistics(
          app.db,
          requireSession(request),
          resolveRange(request.query),
          requestLanguage(request),
        ),
      ),
  );

  app.get(
    '/statistics/distribution/export',
    {
      config: { access: 'globalOrLocal' },
      schema: { tags: ['statistics'], querystring: statisticsRangeExportQuerySchema },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const range = resolveRange(request.query);
      const lang = requestLanguage(request);
      const [data, top] = await Promise.all([
        distributionStatistics(app.db, session, range, lang),
        topProducts(app.db, session, range, lang),
      ]);
      return sendSheets(
        app,
        reply,
        request.query.format,
        `sales-distribution-${range.date_from}-${range.date_to}`,
        distributionSheets(lang, data, top),
      );
    },
  );

  app.get(
    '/statistics/quarter',
    {
      config: { access: 'allWithoutUser' },
      schema: {
        tags: ['statistics'],
        querystring: quarterQuerySchema,
        response: { 200: envelopeSchema(quarterStatisticsSchema) },
      },
    },
    async (request) =>
      ok(
        await quarterStatistics(app.db, requireSession(request), request.query.year ?? thisYear()),
      ),
  );

  app.get(
    '/statistics/quarter/export',
    {
      config: { access: 'allWithoutUser' },
      schema: { tags: ['statistics'], querystring: quarterExportQuerySchema },
    },
    async (request, reply) => {
      const year = request.query.year ?? thisYear();
      const data = await quarterStatistics(app.db, requireSession(request), year);
      return sendSheets(
        app,
        reply,
        request.query.format,
        `quarter-sales-${year}`,
        quarterSheets(requestLanguage(request), data),
      );
    },
  );

  app.get(
    '/statistics/top-products',
    {
      config: { access: 'allWithoutUser' },
      schema: {
        tags: ['statistics'],
        querystring: statisticsRangeQuerySchema,
        response: { 200: envelopeSchema(topProductsSchema) },
      },
    },
    async (request) =>
      ok(
        await topProducts(
          app.db,
          requireSession(request),
          resolveRange(request.query),
          requestLanguage(request),
        ),
      ),
  );
};
