import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { type OtherProcess, openOtherProcess } from '../../test/other-process';
import { itOnRealPostgres } from '../../test/real-postgres';
import { settableClock } from '../../test/settable-clock';
import { waitFor } from '../../test/wait-for';
import { createUserCache } from './user-cache';

// The cache keeps a user for 5 s of the app's clock. The clock stands still here, so those 5 s
// never pass unless a test moves it: a change seen is a change the notification announced.
const USER_CACHE_MS = 5000;

describe.each(dbKinds)('[auth] signed-in users cached per process on %s', (kind) => {
  let ctx: TestContext;
  let token: string;
  let other: OtherProcess;
  const clock = settableClock(new Date());
  /** what the app logs (warnings): it says when it loses the cache's listener */
  const logLines: string[] = [];
  const me = async () => ctx.app.inject({ url: '/api/auth/user', headers: bearer(token) });
  /** Reads until `done` holds, the clock standing still: only a notification can drop the cache. */
  const readUntil = async (done: (answer: Awaited<ReturnType<typeof me>>) => boolean) => {
    const held = clock.now().getTime();
    const answer = await waitFor(me, {
      until: done,
      message: 'the signed-in user read as expected',
      intervalMs: 20,
    });
    expect(clock.now().getTime()).toBe(held);
    return answer;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      clock,
      env: { LOG_LEVEL: 'warn' },
      logStream: new Writable({
        write: (chunk, _encoding, done) => {
          logLines.push(String(chunk));
          done();
        },
      }),
    });
    token = await ctx.login('dealer2@example.com');
    other = await openOtherProcess(ctx);
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  const setName = (name: string) =>
    other.run(`update users set name = $1 where email = 'dealer2@example.com'`, [name]);

  it('keeps a user up to its cache time when no change is announced', async () => {
    await setName('Cached');
    await readUntil((a) => a.json().data?.name === 'Cached');
    await other.runQuietly(
      `update users set name = 'Unannounced' where email = 'dealer2@example.com'`,
      [],
    );
    // cached: the unannounced change is not seen while the cache time has not passed
    expect((await me()).json().data.name).toBe('Cached');
    clock.set(new Date(clock.now().getTime() + USER_CACHE_MS - 1));
    expect((await me()).json().data.name).toBe('Cached');
    clock.set(new Date(clock.now().getTime() + 2));
    expect((await me()).json().data.name).toBe('Unannounced');
  });

  it('sees a change made elsewhere at once, not after the cache time', async () => {
    await setName('Before');
    await readUntil((a) => a.json().data?.name === 'Before');
    // read again so the row is surely cached, then change it behind the app's back
    expect((await me()).json().data.name).toBe('Before');
    await setName('After');
    await readUntil((a) => a.json().data?.name === 'After');
  });

  it('ends the session of a user deactivated elsewhere at once', async () => {
    expect((await me()).statusCode).toBe(200);
    await other.run(`update users set is_active = false where email = 'dealer2@example.com'`, []);
    await readUntil((a) => a.statusCode === 401);
    await other.run(`update users set is_active = true where email = 'dealer2@example.com'`, []);
    await readUntil((a) => a.statusCode === 200);
  });

  it('refuses the tokens of a session signed out by another process at once', async () => {
    const second = await ctx.login('dealer2@example.com');
    expect((await me()).statusCode).toBe(200);
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;
    // what POST /api/auth/logout on another process writes
    await other.run('update auth_sessions set ended_at = now() where id = $1', [sid]);
    await readUntil((a) => a.statusCode === 401);
    // the account's other sign-in goes on; this test's later ones use it
    token = second;
    expect((await me()).statusCode).toBe(200);
  });

  it("shows this process's own write on the very next read", async () => {
    expect((await me()).statusCode).toBe(200);
    for (const name of ['First edit', 'Second edit']) {
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(token),
        payload: { name, lang: 'en' },
      });
      expect(saved.statusCode).toBe(200);
      expect((await me()).json().data.name).toBe(name);
    }
  });

  // only a separate server has a listener connection that can be lost
  itOnRealPostgres(kind)(
    'reads afresh while the change listener is gone, and caches again once it is back',
    async () => {
      /** the cache's listener connections that have run their LISTEN */
      const listeners = async () => {
        const { rows } = (await ctx.db.execute(
          sql`select pid from pg_stat_activity where application_name = 'esd-user-cache'
              and datname = current_database() and state = 'idle' and query ilike 'listen %'`,
        )) as unknown as { rows: { pid: number }[] };
        return rows.map((row) => row.pid);
      };
      const terminated = await waitFor(listeners, {
        until: (pids) => pids.length > 0,
        message: 'the user cache listener',
      });
      expect((await me()).statusCode).toBe(200);
      await other.run(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'esd-user-cache' and datname = current_database()`,
        [],
      );
      // no notification can arrive now: once the app knows, the next reads must not trust the cache
      await waitFor(() => logLines.some((line) => line.includes('user cache listener lost')), {
        message: 'the app logging that its user cache listener is gone',
        intervalMs: 10,
      });
      await setName('While deaf');
      expect((await me()).json().data.name).toBe('While deaf');
      // the listener comes back within a few seconds and hears changes again
      await waitFor(listeners, {
        until: (pids) => pids.some((pid) => !terminated.includes(pid)),
        message: 'a new user cache listener',
      });
      expect((await me()).json().data.name).toBe('While deaf');
      await setName('Heard again');
      await readUntil((a) => a.json().data?.name === 'Heard again');
    },
  );
});

describe('[auth] the user cache shares one read among simultaneous requests', () => {
  it('loads a user once for many requests at once, and afresh after a change', async () => {
    const ctx = await createTestContext('pglite');
    try {
      const cache = await createUserCache<{ id: number; at: number }>(ctx.database, 5000, () => {});
      let loads = 0;
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const load = async () => {
        loads += 1;
        await gate;
        return { id: 7, at: loads };
      };
      const first = Array.from({ length: 20 }, () => cache.read(7, load));
      release();
      const rows = await Promise.all(first);
      expect(loads).toBe(1);
      expect(new Set(rows.map((r) => r?.at))).toEqual(new Set([1]));

      // a change announced while a read runs: later requests do not join that read
      cache.clear();
      let releaseSecond = () => {};
      const secondGate = new Promise<void>((resolve) => {
        releaseSecond = resolve;
      });
      const slow = cache.read(7, async () => {
        loads += 1;
        const at = loads;
        await secondGate;
        return { id: 7, at };
      });
      cache.clear();
      const after = cache.read(7, async () => {
        loads += 1;
        return { id: 7, at: 100 };
      });
      releaseSecond();
      expect((await after)?.at).toBe(100);
      expect((await slow)?.at).toBe(2);
      expect(loads).toBe(3);
      await cache.close();
    } finally {
      await ctx.close();
    }
  });
});
