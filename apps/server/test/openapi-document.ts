import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

/** The OpenAPI document the server serves at /api/docs/json, from an app built on PGlite in memory. */
export const buildOpenApiDocument = async (): Promise<Record<string, unknown>> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'esd-openapi-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'openapi-document-secret-that-is-long-enough-0123',
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    CBAR_RATES_URL: 'off',
    RATE_DUE_AT: 'off',
  });
  const database = await openDatabase({ kind: 'pglite' });
  try {
    // the jobs the app starts read the tables at once
    await runMigrations(database);
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      return app.swagger() as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};
