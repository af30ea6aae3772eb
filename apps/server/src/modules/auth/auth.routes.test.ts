import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { mailMessages, passwordResetTokens, users } from '../../db/schema';

describe.each(dbKinds)('[auth] sign-in, tokens and passwords on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { LOGIN_FREE_FAILURES_PER_PAIR: '3' } });
  });
  afterAll(async () => ctx?.close());

  const login = (email: string, password: string, ip = '10.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('signs in with e-mail and password and answers the envelope with user and token', async () => {
    const response = await login('Dealer@Example.com', 'demo1234');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(200);
    expect(typeof body.message).toBe('string');
    expect(body.data.token).toMatch(/^ey/);
    expect(body.data.user).toMatchObject({
      email: 'dealer@example.com',
      type_id: 3,
      limit: '5000.00',
      has_adobe_account: true,
      need_azn_cash: false,
      auth_provider: 'password',
    });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(body.data.user.token_expired).toBeGreaterThan(Date.now() / 1000 + 3000);
  });

  it('gives one answer for a wrong password and an unknown e-mail', async () => {
    const wrongPassword = await login('gd@example.com', 'not-the-password', '10.0.0.2');
    const unknownEmail = await login('nobody@example.com', 'not-the-password', '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toEqual({
      code: 401,
      message: 'Invalid e-mail or password.',
      data: { error: 'INVALID_CREDENTIALS' },
    });
  });

  it('accepts the token as ?token= and as a Bearer header, and refuses others', async () => {
    const token = await ctx.login('user@example.com');
    const viaQuery = await ctx.app.inject({ url: `/api/auth/user?token=${token}` });
    const viaHeader = await ctx.app.inject({ url: '/api/auth/user', headers: bearer(token) });
    expect(viaQuery.json().data.email).toBe('user@example.com');
    expect(viaHeader.json().data).toMatchObject({ type_id: 4, need_azn_cash: true });
    for (const headers of [{}, bearer('garbage'), bearer(`${token.slice(0, -2)}xx`)]) {
      const response = await ctx.app.inject({ url: '/api/auth/user', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, data: { error: 'UNAUTHORIZED' } });
    }
  });

  it('refreshes a token into a new one that works', async () => {
    const token = await ctx.login('ld@example.com');
    const response = await ctx.app.inject({ url: '/api/auth/refresh', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.token).toMatch(/^ey/);
    expect(data.token_expired).toBeGreaterThan(Date.now() / 1000);
    const me = await ctx.app.inject({ url: '/api/auth/user', headers: bearer(data.token) });
    expect(me.json().data.type_id).toBe(2);
  });

  it('slows the account and address that keep failing, never the account from another address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await login('dealer2@example.com', 'wrong-password', '10.1.0.1')).statusCode).toBe(
        401,
      );
    }
    // the fourth try from that address waits, even with the right password
    const waiting = await login('dealer2@example.com', 'demo1234', '10.1.0.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({
      code: 429,
      data: { error: 'RATE_LIMITED', retry_after: 1 },
    });
    expect(waiting.headers['retry-after']).toBe('1');
    // the owner, from its own address, is not slowed at all
    expect((await login('dealer2@example.com', 'demo1234', '10.1.0.9')).statusCode).toBe(200);
    expect((await login('gd@example.com', 'demo1234', '10.1.0.1')).statusCode).toBe(200);
  });

  it('answers bad input with a 400 envelope naming the field, never a 500', async () => {
    for (const payload of [
      {},
      { email: 'not-an-email', password: 'x' },
      { email: 5, password: [] },
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    }
    const huge = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `${'a'.repeat(5000)}@example.com`, password: 'x'.repeat(5000) },
    });
    expect(huge.statusCode).toBe(400);
  });

  it('sends a single-use reset link that expires, and a reset ends other sessions', async () => {
    // the reset changes the dealer's password: it gets its demo password back at the end
    const [before] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'dealer@example.com'));
    onTestFinished(async () => {
      await ctx.db
        .update(users)
        .set({ passwordHash: before!.passwordHash })
        .where(eq(users.email, 'dealer@example.com'));
    });
    const oldToken = await ctx.login('dealer@example.com');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'dealer@example.com' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(asked.statusCode).toBe(200);
    expect(unknown.json()).toEqual(asked.json());

    const mail = await waitForMail(ctx, 'dealer@example.com');
    const link = mail.text.match(/http:\/\/portal\.test\/pages\/reset-password\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    const token = link![1]!;
    const stored = await ctx.db.select().from(passwordResetTokens);
    expect(stored.some((row) => row.tokenHash === token)).toBe(false);

    const weak = await resetPassword(ctx, token, 'password');
    expect(weak.json()).toMatchObject({ code: 422, data: { error: 'WEAK_PASSWORD' } });
    const done = await resetPassword(ctx, token, 'a-brand-new-passphrase');
    expect(done.statusCode).toBe(200);
    const reused = await resetPassword(ctx, token, 'another-new-passphrase');
    expect(reused.json()).toMatchObject({ code: 422, data: { error: 'INVALID_RESET_TOKEN' } });

    const old = await ctx.app.inject({ url: '/api/auth/user', headers: bearer(oldToken) });
    expect(old.statusCode).toBe(401);
    expect(
      (await login('dealer@example.com', 'a-brand-new-passphrase', '10.2.0.1')).statusCode,
    ).toBe(200);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'dealer@example.com' },
    });
    const second = await waitForMail(ctx, 'dealer@example.com', 2);
    const secondToken = second.text.match(/token=([\w-]+)/)![1]!;
    await ctx.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await resetPassword(ctx, secondToken, 'yet-another-passphrase');
    expect(expired.json()).toMatchObject({ data: { error: 'INVALID_RESET_TOKEN' } });
  });

  it('ends every session of a deactivated account at once', async () => {
    const token = await ctx.login('ld@example.com');
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.email, 'ld@example.com'));
    const response = await ctx.app.inject({ url: '/api/auth/user', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    const again = await login('ld@example.com', 'demo1234', '10.3.0.1');
    expect(again.json()).toMatchObject({ code: 403, data: { error: 'ACCOUNT_DISABLED' } });
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.email, 'ld@example.com'));
  });
});

describe('[auth][rate limit] anonymous routes are limited per address', () => {
  // the test builds its own app: under a loaded machine that alone can take half a minute
  it('answers 429 in the envelope past the per-minute limit', { timeout: 90_000 }, async () => {
    const ctx = await createTestContext('pglite', {
      env: { ANONYMOUS_RATE_LIMIT_PER_MINUTE: '3' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'nobody@example.com' },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          const body = response.json();
          expect(body).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
          // how long to wait, in the header and in the envelope alike
          expect(body.data.retry_after).toBeGreaterThanOrEqual(1);
          expect(body.data.retry_after).toBeLessThanOrEqual(60);
          expect(response.headers['retry-after']).toBe(String(body.data.retry_after));
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const otherAddress = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'nobody@example.com' },
        remoteAddress: '10.9.9.10',
      });
      expect(otherAddress.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

const resetPassword = (ctx: TestContext, token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

/** The reset mail is sent after the answer; wait for the nth one to land in the mailbox. */
const waitForMail = async (ctx: TestContext, to: string, nth = 1) => {
  const rows = await waitFor(
    () => ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to)),
    { until: (mails) => mails.length >= nth, message: `mail ${nth} to ${to}`, intervalMs: 20 },
  );
  return rows.sort((a, b) => a.id - b.id)[nth - 1]!;
};
