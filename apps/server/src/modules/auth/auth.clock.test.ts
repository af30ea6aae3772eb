/**
 * The sign-in rules read the app's clock, never the database's `now()` or the machine's time:
 * the suite runs in 2031, years from both, and moves the clock past each limit to the second.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { settableClock } from '../../../test/settable-clock';
import { waitFor } from '../../../test/wait-for';
import { authSessions, mailMessages, userGroups, users } from '../../db/schema';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = new Date('2031-03-14T09:00:00.000Z');
const after = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe.each(dbKinds)('[auth] time limits read the app clock on %s', (kind) => {
  let ctx: TestContext;
  const clock = settableClock(START);

  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      clock,
      env: {
        LOGIN_FREE_FAILURES_PER_PAIR: '3',
        LOGIN_MAX_DELAY_SECONDS: '4',
        LOGIN_FAILURE_WINDOW_SECONDS: '900',
      },
    });
  }, 60_000);
  afterAll(async () => ctx?.close());

  const login = (email: string, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });
  const linkOf = (token: string) =>
    ctx.app.inject({
      url: `/api/auth/password-link?token=${encodeURIComponent(token)}`,
    });
  const setPassword = (token: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password },
    });
  /** The link token of the nth mail to `to` (mail goes out after the answer). */
  const linkTokenMailedTo = async (to: string, nth = 1) => {
    const mails = await waitFor(
      () => ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to)),
      { until: (rows) => rows.length >= nth, message: `mail ${nth} to ${to}`, intervalMs: 20 },
    );
    const mail = mails.sort((a, b) => a.id - b.id)[nth - 1]!;
    return /\/pages\/reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
  };
  const askReset = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

  it('keeps a reset link valid one second before its hour is over and refuses it one second after', async () => {
    const asked = START;
    clock.set(asked);
    expect((await askReset('user@example.com')).statusCode).toBe(200);
    const token = await linkTokenMailedTo('user@example.com');

    clock.set(after(asked, HOUR - SECOND));
    expect((await linkOf(token)).json().data).toEqual({ kind: 'reset', valid: true, reason: null });
    clock.set(after(asked, HOUR + SECOND));
    expect((await linkOf(token)).json().data).toEqual({
      kind: 'reset',
      valid: false,
      reason: 'expired',
    });
    expect((await setPassword(token, 'a-passphrase-too-late')).json()).toEqual({
      code: 422,
      message: 'This password reset link is invalid, used or expired. Ask for a new one.',
      data: { error: 'INVALID_RESET_TOKEN' },
    });

    // a new link, used in its last second, sets the password
    const again = clock.now();
    await askReset('user@example.com');
    const fresh = await linkTokenMailedTo('user@example.com', 2);
    clock.set(after(again, HOUR - SECOND));
    expect((await setPassword(fresh, 'a-passphrase-just-in-time')).statusCode).toBe(200);
    expect(
      (await login('user@example.com', 'a-passphrase-just-in-time', '10.40.0.1')).statusCode,
    ).toBe(200);
  });

  it("keeps a new account's set-password link for exactly seven days", async () => {
    const created = after(START, 2 * DAY);
    clock.set(created);
    const dealer = await as(ctx, 'dealer@example.com');
    const [owner] = await ctx.db.select().from(users).where(eq(users.email, 'dealer@example.com'));
    const [group] = await ctx.db
      .select()
      .from(userGroups)
      .where(eq(userGroups.dealerId, owner!.id));
    const added = await dealer.post('/api/settings/users', {
      name: 'Nigar Clockwise',
      email: 'nigar.clock@example.com',
      type_id: 4,
      lang: 'en',
      user_group_id: group!.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const token = await linkTokenMailedTo('nigar.clock@example.com');

    clock.set(after(created, 7 * DAY - SECOND));
    expect((await linkOf(token)).json().data).toEqual({ kind: 'first', valid: true, reason: null });
    clock.set(after(created, 7 * DAY + SECOND));
    expect((await linkOf(token)).json().data).toEqual({
      kind: 'first',
      valid: false,
      reason: 'expired',
    });
  });

  it('makes each try after the free failures wait a doubling delay, to the second, and forgets a quiet run', async () => {
    const first = after(START, 10 * DAY);
    const ip = '10.41.0.1';
    const tryAt = (ms: number, password: string) => {
      clock.set(after(first, ms));
      return login('dealer2@example.com', password, ip);
    };
    for (let i = 0; i < 3; i++) {
      expect((await tryAt(i * SECOND, 'wrong-password')).statusCode).toBe(401);
    }
    // the last free failure at 2 s: the next try waits 1 s, even with the right password
    const early = await tryAt(3 * SECOND - 1, 'demo1234');
    expect(early.json()).toEqual({
      code: 429,
      message: 'Too many failed sign-in attempts: try again in 1 second.',
      data: { error: 'RATE_LIMITED', retry_after: 1 },
    });
    expect(early.headers['retry-after']).toBe('1');
    // meanwhile the owner signs in from elsewhere
    expect((await login('dealer2@example.com', 'demo1234', '10.41.0.2')).statusCode).toBe(200);

    // then 2 s, then 4 s (the cap), then 4 s again
    expect((await tryAt(3 * SECOND, 'wrong-again')).statusCode).toBe(401);
    expect((await tryAt(5 * SECOND - 1, 'wrong')).json().data.retry_after).toBe(1);
    expect((await tryAt(5 * SECOND, 'wrong-again')).statusCode).toBe(401);
    expect((await tryAt(9 * SECOND - 1, 'wrong')).statusCode).toBe(429);
    expect((await tryAt(9 * SECOND, 'wrong-again')).statusCode).toBe(401);
    const capped = await tryAt(9 * SECOND + 1, 'wrong');
    expect(capped.json().data.retry_after).toBe(4);

    // quiet for the failure window: a new run, with its free failures
    const quiet = 9 * SECOND + 900 * SECOND;
    for (let i = 0; i < 3; i++) {
      expect((await tryAt(quiet + i, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await tryAt(quiet + 3, 'demo1234')).statusCode).toBe(429);
    // after the wait the right password gets in, and the pair starts afresh
    expect((await tryAt(quiet + 2 + SECOND, 'demo1234')).statusCode).toBe(200);
    expect((await tryAt(quiet + 3 + SECOND, 'wrong-password')).statusCode).toBe(401);
    expect((await tryAt(quiet + 4 + SECOND, 'demo1234')).statusCode).toBe(200);
  });

  it('ends a sign-in SESSION_MAX_HOURS after it began, however often it was refreshed', async () => {
    const began = after(START, 20 * DAY);
    clock.set(began);
    const maxMs = ctx.config.SESSION_MAX_HOURS * HOUR;
    const signedIn = await login('ld@example.com', 'demo1234', '10.42.0.1');
    expect(signedIn.statusCode).toBe(200);
    let token = signedIn.json().data.token as string;

    // the sign-in starts and ends by the clock the app was given
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const [row] = await ctx.db.select().from(authSessions).where(eq(authSessions.id, claims.sid));
    expect(row!.createdAt).toEqual(began);
    expect(row!.expiresAt).toEqual(after(began, maxMs));

    // refreshed every 50 minutes, each token good for an hour, up to ten minutes before the end
    for (let at = 50 * MINUTE; at <= maxMs - 10 * MINUTE; at += 50 * MINUTE) {
      clock.set(after(began, at));
      const refreshed = await ctx.app.inject({ url: '/api/auth/refresh', headers: bearer(token) });
      expect(refreshed.statusCode, `refresh at ${at / MINUTE} min`).toBe(200);
      token = refreshed.json().data.token;
      expect(refreshed.json().data.token_expired).toBeLessThanOrEqual(
        after(began, maxMs).getTime() / 1000,
      );
    }
    const profile = () => ctx.app.inject({ url: '/api/auth/user', headers: bearer(token) });
    clock.set(after(began, maxMs - SECOND));
    expect((await profile()).statusCode).toBe(200);

    clock.set(after(began, maxMs));
    expect((await profile()).statusCode).toBe(401);
    const late = await ctx.app.inject({ url: '/api/auth/refresh', headers: bearer(token) });
    expect(late.json()).toMatchObject({ code: 401, data: { error: 'UNAUTHORIZED' } });
  });
});
