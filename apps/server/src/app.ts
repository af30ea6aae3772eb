import './types';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { createCounterSweep } from './lib/counter-sweep';
import { localizedErrorMessage } from './lib/error-language';
import { AppError } from './lib/errors';
import { pgRateLimitStore } from './lib/rate-limit-store';
import { adobeJobsPlugin } from './modules/adobe/adobe.jobs';
import { adobePlugin } from './modules/adobe/adobe.plugin';
import { adobeRoutes } from './modules/adobe/adobe.routes';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { mfaRoutes } from './modules/auth/mfa.routes';
import { basketRoutes } from './modules/basket/basket.routes';
import { catalogueCachePlugin } from './modules/catalogue/catalogue-cache';
import { productsRoutes } from './modules/catalogue/products.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { creditRoutes } from './modules/credit/credit.routes';
import { dealerPricesRoutes } from './modules/dealer/dealer-prices.routes';
import { userGroupsRoutes } from './modules/dealer/user-groups.routes';
import { deliveryJobsPlugin } from './modules/delivery/delivery.jobs';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { eventsSettingsRoutes } from './modules/events/events-settings.routes';
import { prizesSettingsRoutes } from './modules/events/prizes-settings.routes';
import { wonPrizesRoutes } from './modules/events/won-prizes.routes';
import { healthRoutes } from './modules/health/health.routes';
import { invoicesEventsPlugin } from './modules/invoices/invoices.events';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { failedJobsRoutes } from './modules/jobs/failed-jobs.routes';
import { keysRoutes } from './modules/keys/keys.routes';
import { orderSettingsRoutes } from './modules/keys/order-settings.routes';
import { libraryRoutes } from './modules/library/library.routes';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { newsRoutes } from './modules/news/news.routes';
import { notificationJobsPlugin } from './modules/notifications/notifications.jobs';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { partnersRoutes } from './modules/partners/partners.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { categoriesRoutes } from './modules/settings/categories.routes';
import { companyRoutes } from './modules/settings/company.routes';
import { countriesRoutes } from './modules/settings/countries.routes';
import { markupGroupsRoutes } from './modules/settings/markup-groups.routes';
import { productsSettingsRoutes } from './modules/settings/products-settings.routes';
import { rateJobsPlugin } from './modules/settings/rates.jobs';
import { ratesRoutes } from './modules/settings/rates.routes';
import { adobeStatisticsRoutes } from './modules/statistics/adobe-statistics.routes';
import { salesStatisticsRoutes } from './modules/statistics/sales-statistics.routes';
import { targetsRoutes } from './modules/targets/targets.routes';
import { auditLogRoutes } from './modules/users/audit-log.routes';
import { usersRoutes } from './modules/users/users.routes';
import { webhooksPlugin } from './modules/webhooks/webhooks.jobs';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { authPlugin } from './plugins/auth';
import { domainEventsPlugin } from './plugins/domain-events';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { fixedSecurityHeaders } from './plugins/fixed-security-headers';
import { inputGuardPlugin } from './plugins/input-guard';
import { jobsPlugin } from './plugins/jobs';
import { mailPlugin } from './plugins/mail';
import { metricsPlugin } from './plugins/metrics';
import { openApiContract } from './plugins/openapi-contract';
import { lazyChildLoggerFactory, requestIdGenerator } from './plugins/request-logger';
import { securityHeaders } from './plugins/security-headers';
import { addShutdownGate } from './plugins/shutdown';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** the time the services' rules read: the real one, or a test's */
  clock?: Clock;
};

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = [path.resolve(here, '../../web/dist'), path.resolve(here, '../web')].find(
  (dir) => existsSync(path.join(dir, 'index.html')),
);

/** Builds the whole application without listening, so tests can inject requests. */
export const buildApp = async ({
  config,
  database,
  logger = false,
  clock = systemClock,
}: BuildAppOptions) => {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // the client's X-Request-Id is read by genReqId, which keeps only a safe one
    requestIdHeader: false,
    genReqId: requestIdGenerator(),
    // without a logger Fastify skips the per-request child altogether
    ...(logger ? { childLoggerFactory: lazyChildLoggerFactory } : {}),
    frameworkErrors,
    // the shutdown gate answers 503 while closing, in the envelope, from the first hook
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  addShutdownGate(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
        instance.decorate('clock', clock);
      },
      { name: 'config' },
    ),
  );
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('database', database);
        instance.decorate('db', database.db);
      },
      { name: 'database' },
    ),
  );
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(metricsPlugin);
  await app.register(fixedSecurityHeaders, securityHeaders(config));
  // counted in the database, so every process shares one limit (issue 32)
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(
      database.db,
      createCounterSweep(database.db, clock, config, (error) =>
        app.log.warn({ err: error }, 'sweeping old rate and sign-in counters failed'),
      ),
    ),
    errorResponseBuilder: (_request, context) => {
      const wait = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'RATE_LIMITED',
        `Too many requests: try again in ${wait} ${wait === 1 ? 'second' : 'seconds'}.`,
        { retry_after: wait },
      );
    },
  });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(authPlugin);
  await app.register(catalogueCachePlugin);
  await app.register(mailPlugin);
  await app.register(adobePlugin);
  await app.register(domainEventsPlugin);
  await app.register(jobsPlugin);
  await app.register(notificationJobsPlugin);
  await app.register(deliveryJobsPlugin);
  await app.register(invoicesEventsPlugin);
  await app.register(adobeJobsPlugin);
  await app.register(rateJobsPlugin);
  await app.register(webhooksPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'ESD portal API', version: '1.0.0' },
      servers: [{ url: '/', description: 'this portal' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // operationId, summary, security, Accept-Language and every refusal, for every route
    ...openApiContract(),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(mfaRoutes);
      await api.register(profileRoutes);
      await api.register(mailboxRoutes);
      await api.register(productsRoutes);
      await api.register(basketRoutes);
      await api.register(adobeRoutes);
      await api.register(checkoutRoutes);
      await api.register(ordersRoutes);
      await api.register(creditRoutes);
      await api.register(invoicesRoutes);
      await api.register(deliveryRoutes);
      for (const routes of [
        countriesRoutes,
        categoriesRoutes,
        productsSettingsRoutes,
        markupGroupsRoutes,
        ratesRoutes,
        companyRoutes,
      ]) {
        await api.register(routes);
      }
      await api.register(dealerPricesRoutes);
      await api.register(userGroupsRoutes);
      await api.register(apiKeysRoutes);
      await api.register(keysRoutes);
      await api.register(orderSettingsRoutes);
      await api.register(adobeStatisticsRoutes);
      await api.register(usersRoutes);
      await api.register(auditLogRoutes);
      await api.register(salesStatisticsRoutes);
      await api.register(targetsRoutes);
      await api.register(newsRoutes);
      await api.register(libraryRoutes);
      await api.register(eventsSettingsRoutes);
      await api.register(prizesSettingsRoutes);
      await api.register(wonPrizesRoutes);
      await api.register(eventsRoutes);
      await api.register(partnersRoutes);
      await api.register(failedJobsRoutes);
      await api.register(notificationsRoutes);
      await api.register(webhooksRoutes);
    },
    { prefix: '/api' },
  );

  const configuredDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist;
  const webDist =
    configuredDist && existsSync(path.join(configuredDist, 'index.html'))
      ? configuredDist
      : undefined;
  if (webDist) {
    // Files at the top (favicon...); the hashed assets get their own cached route below (this
    // one would otherwise register each of them, uncached and uncompressed, and win).
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      globIgnore: ['assets/**'],
    });
    const assets = path.join(webDist, 'assets');
    if (existsSync(assets)) {
      await app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        // the web build writes .br and .gz beside each script and style sheet
        preCompressed: true,
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (isPage && webDist) {
      // history-mode routing: every page path serves the app shell
      return reply
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html', webDist, { cacheControl: false });
    }
    const data = { error: 'NOT_FOUND' } as const;
    const message = `Route ${request.method} ${request.url.split('?')[0]} not found`;
    return reply
      .status(404)
      .send({ code: 404, message: localizedErrorMessage(request, message, data), data });
  });

  return app;
};
