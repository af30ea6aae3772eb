import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { type Database, openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedDemoData } from '../src/seed/seed';

/**
 * Where the server suites' seeded databases start from. Migrating and seeding took most of a
 * test context's set-up (initdb and the WASM start of PGlite, ~35 migrations, the demo data),
 * and every suite does the same on each database kind; here it happens once per run.
 */
export type TestTemplates = {
  /** `dumpDataDir` of a migrated, seeded PGlite database */
  pgliteDump: string;
  /** a migrated, seeded database on the real server, copied with `create database … template` */
  postgresTemplate: string | null;
  /** the files the seed wrote into its data folder (library documents), per kind */
  files: { pglite: string; postgres: string };
};

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
  }
}

/** Migrated, seeded, and started once, so the job queue's schema and queues are there too. */
const seeded = async (database: Database, dataDir: string) => {
  mkdirSync(dataDir, { recursive: true });
  await runMigrations(database);
  await seedDemoData(database.db, { dataDir });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-template-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'http://portal.test',
    LOG_LEVEL: 'silent',
    // no fetch of the central bank's rate, nor its noon mail, lands in the template
    CBAR_RATES_URL: 'off',
    RATE_DUE_AT: 'off',
  });
  const app = await buildApp({ config, database });
  await app.ready();
  await app.close();
};

const adminQuery = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

export default async function setup(project: TestProject) {
  // CI proves the real-PostgreSQL runs: without the server they would be skipped and CI green
  if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
    throw new Error(
      'CI=true but TEST_DATABASE_URL is not set: the real-PostgreSQL suites cannot be skipped under CI (.ci/run sets it).',
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'esd-test-templates-'));
  const files = {
    pglite: path.join(dir, 'files-pglite'),
    postgres: path.join(dir, 'files-postgres'),
  };

  const lite = await openDatabase({ kind: 'pglite' });
  await seeded(lite, files.pglite);
  const dump = await lite.pglite!.dumpDataDir('none');
  const pgliteDump = path.join(dir, 'pglite.tar');
  writeFileSync(pgliteDump, Buffer.from(await dump.arrayBuffer()));
  await lite.close();

  const realUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | null = null;
  if (realUrl) {
    postgresTemplate = `esd_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(realUrl, `create database ${postgresTemplate}`);
    const url = new URL(realUrl);
    url.pathname = `/${postgresTemplate}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
    await seeded(database, files.postgres);
    await database.close();
  }

  project.provide('testTemplates', { pgliteDump, postgresTemplate, files });

  return async () => {
    if (realUrl && postgresTemplate) {
      await adminQuery(realUrl, `drop database if exists ${postgresTemplate} with (force)`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
