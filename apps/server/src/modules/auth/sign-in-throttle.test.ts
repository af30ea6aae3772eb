/**
 * Issue 32: failed sign-ins slow the addresses that make them, never the owner of the account
 * signing in from its own address; the owner is told once a day that its account is being
 * guessed at. Every failure goes through POST /api/auth/login (the password checked as always):
 * each address's first few are checked and refused, the rest wait without a hash being computed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { settableClock } from '../../../test/settable-clock';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { waitFor } from '../../../test/wait-for';
import { users } from '../../db/schema';

const START = new Date('2031-05-02T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const GUESSING_SUBJECT = {
  en: 'Someone is trying to sign in to your ESD portal account',
  az: 'Kimsə ESD portalındakı hesabınıza daxil olmağa çalışır',
};

describe.each(dbKinds)('[auth][throttle] guessing never locks the owner out on %s', (kind) => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  const clock = settableClock(START);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext(kind, {
      clock,
      env: {
        SMTP_URL: smtp.url,
        // one checked failure per address keeps the argon2 work small (50 hashes)
        LOGIN_FREE_FAILURES_PER_PAIR: '1',
        LOGIN_FREE_FAILURES_PER_ADDRESS: '10',
        LOGIN_GUESSING_ALERT_FAILURES: '5',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const login = (email: string, password: string, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });
  const guessingMailsTo = (to: string, lang: keyof typeof GUESSING_SUBJECT) =>
    smtp.received.filter((m) => m.to.includes(to) && m.subject === GUESSING_SUBJECT[lang]);

  it('leaves the global admin able to sign in at once from its own address after 1,000 failures from 50 addresses', {
    timeout: 120_000,
  }, async () => {
    clock.set(START);
    const statuses = new Map<number, number>();
    for (let round = 0; round < 20; round++) {
      for (let a = 1; a <= 50; a++) {
        const response = await login('gd@example.com', `guess-${round}`, `203.0.113.${a}`);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 429) {
          const body = response.json();
          expect(body).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
          expect(response.headers['retry-after']).toBe(String(body.data.retry_after));
          expect(body.data.retry_after).toBeGreaterThanOrEqual(1);
        }
      }
    }
    // each address's first try was checked and refused; the other 950 waited unchecked
    expect(Object.fromEntries(statuses)).toEqual({ 401: 50, 429: 950 });

    const own = await login('gd@example.com', 'demo1234', '10.0.0.7');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.user.email).toBe('gd@example.com');
    // the guessing addresses still wait, whatever password they send
    const guesser = await login('gd@example.com', 'demo1234', '203.0.113.1');
    expect(guesser.statusCode).toBe(429);

    // told once (in its language), not once per failure
    await waitFor(async () => guessingMailsTo('gd@example.com', 'en'), {
      until: (mails) => mails.length >= 1,
      message: 'the guessing mail to gd@example.com',
    });
    const mail = guessingMailsTo('gd@example.com', 'en')[0]!;
    expect(mail.text).toContain('Your account is not locked');
  });

  it('mails the owner in its language at most once a day while its account is guessed at', async () => {
    const owner = 'ld@example.com';
    await ctx.db.update(users).set({ lang: 'az' }).where(eq(users.email, owner));
    const first = new Date(START.getTime() + 10 * DAY);
    clock.set(first);
    // five failures from five addresses: the fifth reaches the threshold
    for (let a = 1; a <= 4; a++) {
      expect((await login(owner, 'wrong', `198.51.100.${a}`)).statusCode).toBe(401);
    }
    expect(guessingMailsTo(owner, 'az')).toHaveLength(0);
    expect((await login(owner, 'wrong', '198.51.100.5')).statusCode).toBe(401);
    await waitFor(async () => guessingMailsTo(owner, 'az'), {
      until: (mails) => mails.length === 1,
      message: 'the first guessing mail',
    });
    expect(guessingMailsTo(owner, 'az')[0]!.text).toContain('5 giriş cəhdi');

    // more guessing within the day: no second mail
    clock.set(new Date(first.getTime() + DAY - 60_000));
    for (let a = 6; a <= 12; a++) {
      expect((await login(owner, 'wrong', `198.51.100.${a}`)).statusCode).toBe(401);
    }
    // the day after, a new count: the fifth failure of that day mails again
    clock.set(new Date(first.getTime() + DAY + 60_000));
    for (let a = 13; a <= 17; a++) {
      expect((await login(owner, 'wrong', `198.51.100.${a}`)).statusCode).toBe(401);
    }
    await waitFor(async () => guessingMailsTo(owner, 'az'), {
      until: (mails) => mails.length === 2,
      message: 'the next day’s guessing mail',
    });
    // an ordinary sign-in from the owner's address still works
    expect((await login(owner, 'demo1234', '10.0.0.8')).statusCode).toBe(200);
    expect(guessingMailsTo(owner, 'az')).toHaveLength(2);
  });
});
