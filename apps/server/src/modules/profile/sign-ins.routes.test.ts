/**
 * Issue 32: the profile lists the account's active sign-ins (device, address, started, last
 * seen, how it signed in) and ends any one or all the others, their tokens refused at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { settableClock } from '../../../test/settable-clock';
import { authSessions } from '../../db/schema';

const START = new Date('2031-07-01T06:00:00.000Z');
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe.each(dbKinds)('[profile] the account’s own sign-ins on %s', (kind) => {
  let ctx: TestContext;
  const clock = settableClock(START);
  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock });
  }, 60_000);
  afterAll(async () => ctx?.close());

  const signIn = async (email: string, userAgent: string, ip: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'demo1234' },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.token as string;
  };
  const list = (token: string, ip = '127.0.0.1') =>
    ctx.app.inject({ url: '/api/profile/sessions', headers: bearer(token), remoteAddress: ip });
  const me = (token: string) => ctx.app.inject({ url: '/api/auth/user', headers: bearer(token) });
  const endOne = (token: string, id: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/profile/sessions/${id}`,
      headers: bearer(token),
    });
  const endOthers = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/profile/sessions/end-others',
      headers: bearer(token),
    });

  it('lists each active sign-in with its device, address, times and how it signed in', async () => {
    clock.set(START);
    const desk = await signIn('dealer2@example.com', CHROME_WINDOWS, '192.0.2.10');
    clock.set(new Date(START.getTime() + 5 * 60_000));
    const phone = await signIn('dealer2@example.com', SAFARI_IPHONE, '198.51.100.20');
    // another account's sign-in is not listed
    await signIn('dealer@example.com', FIREFOX_LINUX, '192.0.2.99');

    const response = await list(phone, '198.51.100.20');
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data;
    expect(rows).toHaveLength(2);
    // the most recently used first
    expect(rows[0]).toEqual({
      id: expect.any(String),
      provider: 'password',
      browser: 'Safari',
      os: 'iOS',
      user_agent: SAFARI_IPHONE,
      ip: '198.51.100.20',
      started_at: '2031-07-01T06:05:00.000Z',
      last_seen_at: '2031-07-01T06:05:00.000Z',
      current: true,
    });
    expect(rows[1]).toMatchObject({
      browser: 'Chrome',
      os: 'Windows',
      ip: '192.0.2.10',
      started_at: '2031-07-01T06:00:00.000Z',
      current: false,
    });
    expect((await me(desk)).statusCode).toBe(200);
  });

  it('writes last seen and the address at most once a minute per sign-in', async () => {
    const from = new Date(START.getTime() + 60 * 60_000);
    clock.set(from);
    const token = await signIn('ld@example.com', FIREFOX_LINUX, '192.0.2.30');
    const row = async () => {
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      const [found] = await ctx.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, claims.sid));
      return found!;
    };
    // within the minute: nothing written, whatever the address
    clock.set(new Date(from.getTime() + 59_000));
    expect((await list(token, '192.0.2.31')).statusCode).toBe(200);
    expect(await row()).toMatchObject({ lastSeenAt: from, ipAddress: '192.0.2.30' });
    // a minute on: the time and the address of that request
    const later = new Date(from.getTime() + 61_000);
    clock.set(later);
    const listed = await list(token, '192.0.2.31');
    expect(await row()).toMatchObject({ lastSeenAt: later, ipAddress: '192.0.2.31' });
    expect(listed.json().data[0]).toMatchObject({
      last_seen_at: later.toISOString(),
      ip: '192.0.2.31',
      current: true,
    });
  });

  it('ends one sign-in, whose token is refused at once, and only one of the account', async () => {
    clock.set(new Date(START.getTime() + 2 * 60 * 60_000));
    const keep = await signIn('user@example.com', CHROME_WINDOWS, '192.0.2.40');
    const lost = await signIn('user@example.com', SAFARI_IPHONE, '192.0.2.41');
    const stranger = await signIn('dealer@example.com', FIREFOX_LINUX, '192.0.2.42');
    const lostId = (await list(lost)).json().data.find((r: { current: boolean }) => r.current).id;
    const strangerId = (await list(stranger)).json().data[0].id;

    // someone else's sign-in, an unknown one or a malformed id: refused, nothing ended
    expect((await endOne(keep, strangerId)).json()).toMatchObject({
      code: 404,
      data: { error: 'NOT_FOUND' },
    });
    expect((await endOne(keep, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await endOne(keep, 'not-an-id')).json()).toMatchObject({
      code: 400,
      data: { error: 'VALIDATION_FAILED' },
    });
    expect((await me(stranger)).statusCode).toBe(200);

    const ended = await endOne(keep, lostId);
    expect(ended.json()).toEqual({ code: 200, message: 'The sign-in has been ended.', data: null });
    expect((await me(lost)).json()).toMatchObject({ code: 401, data: { error: 'UNAUTHORIZED' } });
    expect((await me(keep)).statusCode).toBe(200);
    expect((await list(keep)).json().data.map((r: { id: string }) => r.id)).not.toContain(lostId);
    // ending it again: it is no longer active
    expect((await endOne(keep, lostId)).statusCode).toBe(404);
  });

  it('ends all the other sign-ins and keeps the one asking', async () => {
    clock.set(new Date(START.getTime() + 3 * 60 * 60_000));
    const here = await signIn('gd@example.com', CHROME_WINDOWS, '192.0.2.50');
    const others = [
      await signIn('gd@example.com', SAFARI_IPHONE, '192.0.2.51'),
      await signIn('gd@example.com', FIREFOX_LINUX, '192.0.2.52'),
    ];
    const before = (await list(here)).json().data.length;
    expect(before).toBeGreaterThanOrEqual(3);
    const response = await endOthers(here);
    expect(response.json()).toEqual({
      code: 200,
      message: 'Your other sign-ins have been ended.',
      data: { ended: before - 1 },
    });
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(here)).statusCode).toBe(200);
    const left = (await list(here)).json().data;
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true, ip: '192.0.2.50' });
    // an anonymous caller gets nothing
    expect((await ctx.app.inject({ url: '/api/profile/sessions' })).statusCode).toBe(401);
  });
});
