import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import type { Clock } from '../src/lib/clock';
import { loggerOptions } from '../src/main';
import { DEMO_PASSWORD, seedDemoData } from '../src/seed/seed';
import { checkAnswersAgainstContract } from './answer-contract';
import { waitFor } from './wait-for';

export type DbKind = 'pglite' | 'postgres';

const realUrl = process.env.TEST_DATABASE_URL;

/**
 * PGlite always; the real PostgreSQL server too when TEST_DATABASE_URL is set.
 * TEST_DB_KINDS=postgres keeps only the real server: CI's second pass on Node 24 proves the
 * production path there, while PGlite (WebAssembly, the same on every Node) ran in the first.
 */
const onlyKinds = process.env.TEST_DB_KINDS?.split(',').map((kind) => kind.trim());
export const dbKinds: DbKind[] = (
  realUrl ? (['pglite', 'postgres'] as const) : (['pglite'] as const)
).filter((kind) => !onlyKinds || onlyKinds.includes(kind));

if (onlyKinds) {
  console.warn(
    `[server tests] TEST_DB_KINDS=${onlyKinds.join(',')}: suites run on ${dbKinds.join(', ') || 'no database'} only.`,
  );
}

if (!realUrl) {
  console.warn(
    '[server tests] TEST_DATABASE_URL is not set: suites run on PGlite only; the real-PostgreSQL runs are skipped. .ci/run sets it.',
  );
}

/** The seeded databases global-setup.ts made for this run (absent outside the server project). */
const templates = (() => {
  try {
    return inject('testTemplates');
  } catch {
    return undefined;
  }
})();

let pgliteDump: Buffer | undefined;
const seededPglite = () => {
  pgliteDump ??= readFileSync(templates!.pgliteDump);
  return new Blob([new Uint8Array(pgliteDump)]);
};

/**
 * A fresh database on the real server, dropped again by `drop`: empty, or a copy of the seeded
 * template. Copies made at the same moment by several workers are fine; a copy refused while
 * another session still touches the template (55006) is tried again.
 */
const createScratchDatabase = async (template?: string) => {
  if (!realUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `esd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: realUrl });
  await admin.connect();
  await waitFor(
    () =>
      admin.query(`create database ${name}${template ? ` template ${template}` : ''}`).then(
        () => 'created',
        (error: { code?: string; message?: string }) => {
          if (error.code !== '55006') throw error;
          return error.message;
        },
      ),
    {
      until: (outcome) => outcome === 'created',
      message: `database ${name} created from ${template ?? 'template1'}`,
      timeoutMs: 20_000,
      intervalMs: 100,
    },
  );
  await admin.end();
  const url = new URL(realUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: realUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

export type TestContextOptions = {
  env?: Record<string, string>;
  seed?: boolean;
  /** where the app logs, with the production log options (LOG_LEVEL from env); none by default */
  logStream?: DestinationStream;
  /** the time the services' rules read; the real clock by default */
  clock?: Clock;
  /** adds to the app before it is ready (a hook that watches what tests cannot see otherwise) */
  beforeReady?: (app: FastifyInstance) => void;
};

/** Builds the real app on a new database of the given kind, migrated and seeded. */
export const createTestContext = async (kind: DbKind, options: TestContextOptions = {}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'esd-test-'));
  // seeded suites start from the run's template (the seed below then finds its markers set)
  const template = options.seed !== false ? templates : undefined;
  if (template) cpSync(template.files[kind], dataDir, { recursive: true });
  const scratch =
    kind === 'postgres'
      ? await createScratchDatabase(template?.postgresTemplate ?? undefined)
      : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000',
    // no test reaches the central bank: a suite that fetches serves its own files
    CBAR_RATES_URL: 'off',
    RATE_DUE_AT: 'off',
    // suites sign the demo admins in with the password alone; the second-factor suites
    // (modules/auth/mfa*.test.ts) pass MFA_REQUIRED_ROLES=1,2, the production default
    MFA_REQUIRED_ROLES: 'none',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...options.env,
  });
  const database = scratch
    ? await openDatabase({ kind: 'postgres', url: scratch.url, max: 5 })
    : await openDatabase({
        kind: 'pglite',
        ...(template ? { loadDataDir: seededPglite() } : {}),
      });
  await runMigrations(database);
  if (options.seed !== false) await seedDemoData(database.db, { dataDir });
  const logger = options.logStream
    ? { ...(loggerOptions(config) as object), stream: options.logStream }
    : false;
  const app = await buildApp({ config, database, logger, clock: options.clock });
  // every answer a test receives is checked against the documented contract (issue 34)
  checkAnswersAgainstContract(app);
  options.beforeReady?.(app);
  await app.ready();

  const login = async (email: string, password = DEMO_PASSWORD) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
    return response.json().data.token as string;
  };

  return {
    app,
    config,
    database,
    db: database.db,
    login,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
