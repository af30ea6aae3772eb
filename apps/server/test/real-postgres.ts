/**
 * The suites that only a real PostgreSQL can prove (several server processes, SIGKILL,
 * SIGTERM, deadlocks): they run when TEST_DATABASE_URL is set and otherwise say clearly,
 * once per suite, that they were skipped, why, and what sets the variable. Under CI (`CI=true`)
 * a missing TEST_DATABASE_URL fails the suite instead. A pass told to leave PostgreSQL out
 * (`TEST_DB_KINDS=pglite`, CI's first pass) skips them: CI's second pass runs them.
 */
import { describe, it } from 'vitest';
import type { DbKind } from './harness';

/** The real PostgreSQL server the suites may create scratch databases on, if any. */
const realPostgresUrl = process.env.TEST_DATABASE_URL;

/**
 * `describe` when TEST_DATABASE_URL is set; otherwise `describe.skip`, after printing
 * `[name] SKIPPED: TEST_DATABASE_URL is not set. <why> .ci/run sets it.`
 * `why` says what the suite does on the real server and why PGlite cannot stand in for it.
 */
export const realPostgresSuite = (name: string, why: string) => {
  // TEST_DB_KINDS without postgres: this pass is PGlite's, and CI's other pass runs these
  const kinds = process.env.TEST_DB_KINDS?.split(',').map((kind) => kind.trim());
  if (kinds && !kinds.includes('postgres')) {
    console.warn(
      `[${name}] not in this pass: TEST_DB_KINDS=${kinds.join(',')} leaves PostgreSQL out.`,
    );
    return describe.skip;
  }
  if (realPostgresUrl) return describe;
  // CI must prove these suites: a run where they were all skipped would pass without them
  if (process.env.CI === 'true') {
    throw new Error(`[${name}] TEST_DATABASE_URL is not set under CI. ${why}`);
  }
  console.warn(`[${name}] SKIPPED: TEST_DATABASE_URL is not set. ${why} .ci/run sets it.`);
  return describe.skip;
};

/** The URL inside a suite made by realPostgresSuite, which only runs when it is set. */
export const requireRealPostgresUrl = () => {
  if (!realPostgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  return realPostgresUrl;
};

/**
 * `it` for a test that needs what only a real PostgreSQL server has (two connections to one
 * database, a listener connection that can be lost), inside a suite that runs once per
 * database kind: the PostgreSQL run runs it (and CI always has that run: global-setup fails
 * without TEST_DATABASE_URL); the PGlite run lists it as skipped.
 */
export const itOnRealPostgres = (kind: DbKind) => (kind === 'postgres' ? it : it.skip);
