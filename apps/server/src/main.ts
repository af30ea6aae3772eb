import type { FastifyServerOptions } from 'fastify';
import { buildApp } from './app';
import { type Config, loadConfig } from './config/env';
import { openConfiguredDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { redactUrl } from './lib/log-redaction';
import { seedDemoData } from './seed/seed';

/** Log options: tokens and passwords never reach the log, in a header, a body or a URL however spelled. */
export const loggerOptions = (config: Config): FastifyServerOptions['logger'] => ({
  level: config.LOG_LEVEL,
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.current_password',
      '*.new_password',
      '*.token',
      '*.id_token',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (req: { method: string; url: string; id: string; ip?: string }) => ({
      id: req.id,
      method: req.method,
      url: redactUrl(req.url),
      ip: req.ip,
    }),
  },
});

/**
 * Opens the database, migrates, seeds when asked, and builds the app. The caller closes
 * `database` after `app.close()`: Fastify runs onClose hooks last-registered first, so a hook
 * added here would end the pool before the job queue has stopped its workers.
 */
export const createServer = async (config: Config = loadConfig()) => {
  const database = await openConfiguredDatabase(config);
  await runMigrations(database);
  const seeded =
    config.SEED_DEMO === false
      ? false
      : await seedDemoData(database.db, { dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: loggerOptions(config) });
  return { app, database, seeded };
};
