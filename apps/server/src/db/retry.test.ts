/**
 * retryConflicts on a real PostgreSQL: two transactions that lock two rows in opposite order
 * deadlock; PostgreSQL aborts one (40P01), which runs again and succeeds, so both finish.
 * PGlite has one connection and cannot deadlock: without TEST_DATABASE_URL this is skipped.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { realPostgresSuite, requireRealPostgresUrl } from '../../test/real-postgres';
import { pgErrorCode } from '../lib/pg-errors';
import { type Database, openDatabase } from './client';
import { isRetryableConflict, retryConflicts } from './retry';

const suite = realPostgresSuite(
  'db retry',
  'This suite deadlocks two transactions on a real PostgreSQL.',
);

suite('[db] transactions aborted by a deadlock run again', () => {
  let database: Database;
  const table = sql.raw(`retry_test_${randomBytes(5).toString('hex')}`);

  beforeAll(async () => {
    database = await openDatabase({ kind: 'postgres', url: requireRealPostgresUrl(), max: 4 });
    await database.db.execute(sql`create table ${table} (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into ${table} values (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await database?.db.execute(sql`drop table if exists ${table}`);
    await database?.close();
  });

  it('retries the deadlock victim until both transactions commit', async () => {
    let bothHoldTheirFirstRow!: () => void;
    const barrier = new Promise<void>((resolve) => {
      bothHoldTheirFirstRow = resolve;
    });
    let holding = 0;
    const runs: number[] = [];
    const retried: string[] = [];
    /** Locks `first`, waits (first attempt only) until the other holds its row, then `second`. */
    const transfer = (who: number, first: number, second: number) =>
      retryConflicts(
        () =>
          database.db.transaction(async (tx) => {
            runs.push(who);
            await tx.execute(sql`update ${table} set n = n + 1 where id = ${first}`);
            if (runs.filter((r) => r === who).length === 1) {
              if (++holding === 2) bothHoldTheirFirstRow();
              await barrier;
            }
            await tx.execute(sql`update ${table} set n = n + 1 where id = ${second}`);
            return who;
          }),
        { onRetry: (error) => retried.push(pgErrorCode(error) ?? 'unknown') },
      );

    const done = await Promise.all([transfer(1, 1, 2), transfer(2, 2, 1)]);
    expect(done).toEqual([1, 2]);
    expect(retried).toEqual(['40P01']);
    expect(runs).toHaveLength(3);
    // each transaction's two updates landed exactly once: the aborted attempt left nothing
    const rows = await database.db.execute(sql`select id, n from ${table} order by id`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  }, 30_000);

  it('throws other errors at once, without running again', async () => {
    let runs = 0;
    const error = await retryConflicts(async () => {
      runs++;
      await database.db.execute(sql`insert into ${table} values (1, 0)`);
    }).catch((e: unknown) => e);
    expect(pgErrorCode(error)).toBe('23505');
    expect(isRetryableConflict(error)).toBe(false);
    expect(runs).toBe(1);
  });
});
