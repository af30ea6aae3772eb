/**
 * Issue 20: a set-password link says what it is before its form is filled in. A new account's
 * link is `first` (its page reads "Set your password"), a forgotten or admin-reset one `reset`;
 * a used or expired link is told at once, and the token never reaches the log.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { mailMessages, passwordResetTokens, userGroups, users } from '../../db/schema';

const tokenIn = (text: string) => {
  const match = /\/pages\/reset-password\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[1]!;
};

describe.each(dbKinds)('[auth] GET /api/auth/password-link on %s', (kind) => {
  let ctx: TestContext;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write: (chunk, _encoding, done) => {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    ctx = await createTestContext(kind, { env: { LOG_LEVEL: 'debug' }, logStream });
  });
  afterAll(async () => ctx?.close());

  const mailTo = async (to: string, nth = 1) => {
    const rows = await waitFor(
      () => ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to)),
      { until: (mails) => mails.length >= nth, message: `mail ${nth} to ${to}`, intervalMs: 20 },
    );
    return rows.sort((a, b) => a.id - b.id)[nth - 1]!;
  };
  const check = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/auth/password-link?token=${encodeURIComponent(token)}`,
    });
  const setPassword = (token: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password },
    });

  it("calls a new account's link first, valid until used, then used", async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const [owner] = await ctx.db.select().from(users).where(eq(users.email, 'dealer@example.com'));
    const [group] = await ctx.db
      .select()
      .from(userGroups)
      .where(eq(userGroups.dealerId, owner!.id));
    const created = await dealer.post('/api/settings/users', {
      name: 'Leyla Mammadova',
      email: 'leyla.link@example.com',
      type_id: 4,
      lang: 'az',
      user_group_id: group!.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const token = tokenIn((await mailTo('leyla.link@example.com')).text);

    const fresh = await check(token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      code: 200,
      data: { kind: 'first', valid: true, reason: null },
    });
    // looking at a link does not use it up
    expect((await check(token)).json().data.valid).toBe(true);

    expect((await setPassword(token, 'a-first-passphrase-here')).statusCode).toBe(200);
    expect((await check(token)).json().data).toEqual({
      kind: 'first',
      valid: false,
      reason: 'used',
    });
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('calls a forgotten-password link reset, and expired once its hour is over', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'dealer2@example.com' },
    });
    const token = tokenIn((await mailTo('dealer2@example.com')).text);
    expect((await check(token)).json().data).toEqual({ kind: 'reset', valid: true, reason: null });

    const [account] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'dealer2@example.com'));
    await ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, account!.id));
    expect((await check(token)).json().data).toEqual({
      kind: 'reset',
      valid: false,
      reason: 'expired',
    });
    // the form would have said the same, only later
    const late = await setPassword(token, 'a-late-passphrase-here');
    expect(late.json()).toMatchObject({ code: 422, data: { error: 'INVALID_RESET_TOKEN' } });
    expect(logLines.join('\n')).not.toContain(token);
  });

  it("calls an admin's password reset of an account reset", async () => {
    const gd = await as(ctx, 'gd@example.com');
    const [farid] = await ctx.db.select().from(users).where(eq(users.email, 'farid@example.com'));
    const reset = await gd.post(`/api/settings/users/${farid!.id}/reset-password`, {});
    expect(reset.statusCode, reset.body).toBe(200);
    const token = tokenIn((await mailTo('farid@example.com')).text);
    expect((await check(token)).json().data).toEqual({ kind: 'reset', valid: true, reason: null });
  });

  it('answers an unknown token with the envelope, a missing or short one with 400', async () => {
    const unknown = await check('x'.repeat(43));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({
      code: 422,
      message: 'This password reset link is invalid, used or expired. Ask for a new one.',
      data: { error: 'INVALID_RESET_TOKEN' },
    });
    for (const url of ['/api/auth/password-link', '/api/auth/password-link?token=short']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    }
  });

  it('logs the request with its token redacted', async () => {
    const token = `secret-link-token-${Date.now()}-abcdefghij`;
    await check(token);
    const logged = logLines.filter((line) => line.includes('/api/auth/password-link'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.some((line) => line.includes('password-link?token=[redacted]'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(token);
  });
});

describe('[auth][rate limit] GET /api/auth/password-link is limited per address', () => {
  it('answers 429 in the envelope past the per-minute limit', async () => {
    const ctx = await createTestContext('pglite', {
      env: { ANONYMOUS_RATE_LIMIT_PER_MINUTE: '2' },
      seed: false,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/auth/password-link?token=${'y'.repeat(43)}`,
          remoteAddress: '10.8.8.8',
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429)
          expect(response.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
      }
      expect(statuses).toEqual([422, 422, 429]);
    } finally {
      await ctx.close();
    }
  });
});
