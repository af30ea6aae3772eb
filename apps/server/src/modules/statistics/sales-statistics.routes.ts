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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/errors';
import { requestLanguage } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { startSalesFold } from './sales-fold';
import { sendSheets } from './sales-statistics.export';
import { createSalesStatisticsService } from './sales-statistics.service';

/**
 * Sales statistics (issue 7; spec 2 access): weekly and distribution for global and local
 * district admins, quarter and top products for every role but user. Every answer is scoped
 * on the server (see sales-scope.repository.ts); query parameters never widen the scope.
 */
export const salesStatisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  startSalesFold(app);
  const sales = createSalesStatisticsService({ db: app.db, clock: app.clock });

  /** A range report as a file (weekly, distribution): the page's range, scoped like the page. */
  const rangeExport = (path: string, makeSheets: typeof sales.weeklySheets) =>
    app.get(
      path,
      {
        config: { access: 'globalOrLocal' },
        schema: { tags: ['statistics'], querystring: statisticsRangeExportQuerySchema },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const made = await makeSheets(session, request.query, requestLanguage(request));
        return sendSheets(app.log, reply, request.query.format, made.filename, made.sheets);
      },
    );

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
    async (request) => ok(await sales.weekly(requireSession(request), request.query)),
  );

  rangeExport('/statistics/weekly/export', sales.weeklySheets);

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
        await sales.distribution(requireSession(request), request.query, requestLanguage(request)),
      ),
  );

  rangeExport('/statistics/distribution/export', sales.distributionSheets);

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
    async (request) => ok(await sales.quarter(requireSession(request), request.query.year)),
  );

  app.get(
    '/statistics/quarter/export',
    {
      config: { access: 'allWithoutUser' },
      schema: { tags: ['statistics'], querystring: quarterExportQuerySchema },
    },
    async (request, reply) => {
      const { filename, sheets } = await sales.quarterSheets(
        requireSession(request),
        request.query.year,
        requestLanguage(request),
      );
      return sendSheets(app.log, reply, request.query.format, filename, sheets);
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
      ok(await sales.topProducts(requireSession(request), request.query, requestLanguage(request))),
  );
};
