import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { realPostgresSuite, requireRealPostgresUrl } from '../../test/real-postgres';
import { type Database, MAX_PREPARED_PER_CONNECTION, openDatabase, planEachCall } from './client';

type Rows<T> = { rows: T[] };

realPostgresSuite(
  '[db] statements prepared once per connection',
  'It reads pg_prepared_statements of a real server connection; PGlite has no pg connection.',
)('[db] statements prepared once per connection', () => {
  // one connection, new for each test: what a test prepared (up to the cap) is its own
  let database: Database;
  beforeEach(async () => {
    database = await openDatabase({ kind: 'postgres', url: requireRealPostgresUrl(), max: 1 });
  });
  afterEach(async () => database?.close());

  const pool = () => {
    if (!database.pool) throw new Error('no pool');
    return database.pool;
  };
  const prepared = async () =>
    (
      (await pool().query(
        'select name, statement from pg_prepared_statements order by prepare_time',
      )) as Rows<{ name: string; statement: string }>
    ).rows;

  it('prepares a parameterised statement once and answers it as before', async () => {
    const text = 'select $1::int + 1 as n, current_setting($2) as tz';
    const first = (await pool().query(text, [41, 'TimeZone'])) as Rows<{ n: number }>;
    const second = (await pool().query({ text, values: [1, 'TimeZone'] })) as Rows<{ n: number }>;
    expect(first.rows[0]?.n).toBe(42);
    expect(second.rows[0]?.n).toBe(2);
    const mine = (await prepared()).filter((row) => row.statement === text);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.name).toMatch(/^s[\w-]{27}$/);
  });

  it('leaves statements without parameters alone: several in one text still run', async () => {
    await database.execRaw('create temporary table t_prep (n int); insert into t_prep values (7);');
    const result = (await pool().query('select n from t_prep')) as Rows<{ n: number }>;
    expect(result.rows).toEqual([{ n: 7 }]);
    expect((await prepared()).some((row) => row.statement.includes('t_prep'))).toBe(false);
  });

  it('leaves a statement marked planEachCall unprepared (plans that depend on the range asked)', async () => {
    const marked = (await database.db.execute(
      planEachCall(sql`select ${5}::int * 2 as n, 'plan-each-call-probe' as probe`),
    )) as unknown as Rows<{ n: number }>;
    expect(marked.rows[0]?.n).toBe(10);
    expect((await prepared()).some((row) => row.statement.includes('plan-each-call-probe'))).toBe(
      false,
    );
    // a pattern search neither
    await pool().query("select $1::text ilike 'plan-each-call-%' as hit", ['plan-each-call-like']);
    expect((await prepared()).some((row) => row.statement.includes('ilike'))).toBe(false);
    // the same statement unmarked is prepared
    await database.db.execute(sql`select ${5}::int * 2 as n, 'plan-each-call-probe' as probe`);
    expect((await prepared()).some((row) => row.statement.includes('plan-each-call-probe'))).toBe(
      true,
    );
  });

  it('keeps a statement that failed usable, and holds at most the cap per connection', async () => {
    const failing = 'select 1 / $1::int as n';
    await expect(pool().query(failing, [0])).rejects.toThrow(/division by zero/);
    const ok = (await pool().query(failing, [1])) as Rows<{ n: number }>;
    expect(ok.rows[0]?.n).toBe(1);

    for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 20; i++) {
      const answer = (await pool().query(`select $1::int + ${i} as n`, [1])) as Rows<{ n: number }>;
      expect(answer.rows[0]?.n).toBe(1 + i);
    }
    expect((await prepared()).length).toBe(MAX_PREPARED_PER_CONNECTION);
  });
});
