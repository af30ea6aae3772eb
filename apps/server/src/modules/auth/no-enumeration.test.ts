import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { itOnRealPostgres } from '../../../test/real-postgres';
import { waitFor } from '../../../test/wait-for';
import { mailMessages } from '../../db/schema';

/**
 * Issue 32: nothing tells who has an account. Sign-in and forgot-password answer an address
 * with an account exactly as one without; forgot-password does the same work before answering
 * (the lookup, the link and the mail come after the answer), proven on PostgreSQL by locking the
 * links' table: the answer for a known address does not wait for it.
 */
describe.each(dbKinds)('[auth][enumeration] known and unknown addresses alike on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  const post = (url: string, payload: Record<string, unknown>, ip: string) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  it('answers sign-in and forgot-password for a known address exactly as for an unknown one', async () => {
    const known = await post(
      '/api/auth/login',
      { email: 'user@example.com', password: 'not-the-password' },
      '10.32.0.1',
    );
    const unknown = await post(
      '/api/auth/login',
      { email: 'nobody-here@example.com', password: 'not-the-password' },
      '10.32.0.2',
    );
    expect(known.statusCode).toBe(401);
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: known.statusCode,
      body: known.json(),
    });
    const asked = await post(
      '/api/auth/forgot-password',
      { email: 'user@example.com' },
      '10.32.0.3',
    );
    const nobody = await post(
      '/api/auth/forgot-password',
      { email: 'nobody-here@example.com' },
      '10.32.0.4',
    );
    expect(asked.statusCode).toBe(200);
    expect({ status: nobody.statusCode, body: nobody.json() }).toEqual({
      status: asked.statusCode,
      body: asked.json(),
    });
    await waitFor(
      async () =>
        (await ctx.db.select().from(mailMessages).where(eq(mailMessages.to, 'user@example.com')))
          .length > 0,
      { message: 'the reset mail after the answer' },
    );
  });

  itOnRealPostgres(kind)(
    'answers forgot-password for a known address before its link is stored (the same work as for an unknown one)',
    async () => {
      const locker = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table password_reset_tokens in access exclusive mode');
        const started = performance.now();
        const answer = await Promise.race([
          post('/api/auth/forgot-password', { email: 'dealer@example.com' }, '10.32.0.5'),
          new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5000)),
        ]);
        expect(answer, 'the answer waited for the reset link to be stored').not.toBe('waited');
        expect(performance.now() - started).toBeLessThan(5000);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      // the link and its mail follow once the table is free
      await waitFor(
        async () =>
          (
            await ctx.db
              .select()
              .from(mailMessages)
              .where(eq(mailMessages.to, 'dealer@example.com'))
          ).length > 0,
        { message: 'the reset mail once the lock is gone' },
      );
    },
  );
});
