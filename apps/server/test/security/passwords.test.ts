import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { issueSetPasswordLink } from '../../src/modules/auth/set-password-link';
import { bearer, createTestContext, dbKinds, type TestContext } from '../harness';

// hard enough to guess for a dealer or user (zxcvbn score 2 and 4), exactly 8 and 128 characters
const eight = 'Zq7!mK2p';
const longest =
  'jCtPF-denS?Th&Yarb+AMA!kTqepv9c8geWEv%Q-wPkeNEMTkG4N7i*by!vmhrJgPt2hze+a=SX+*GS?ED2ZYz?rVYsGa-doawR6D#4kR8wXPk=BrJ*XZmeyagASZDp4';
const tooShort = eight.slice(0, 7);
const tooLong = `${longest}x`;
const commonOnes = ['password', 'Password1', 'PASSWORD123', 'QwErTy123', 'ILoveYou', 'p@ssw0rd'];

/** `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` → its algorithm and parameters. */
const parsePhc = (phc: string) => {
  const [, algorithm, version, params] = phc.split('$');
  const values = Object.fromEntries(
    (params ?? '').split(',').map((pair) => {
      const [key, value] = pair.split('=');
      return [key, Number(value)];
    }),
  );
  return { algorithm, version, m: values.m, t: values.t, p: values.p };
};

describe.each(dbKinds)(
  '[security][passwords] hashing, length, common ones, sign-in limits on %s',
  (kind) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(kind, {
        env: { LOGIN_FREE_FAILURES_PER_PAIR: '3', LOGIN_FREE_FAILURES_PER_ADDRESS: '4' },
      });
    });
    afterAll(async () => ctx?.close());

    const userRow = async (email: string) => {
      const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
      return row!;
    };
    const login = (email: string, password: string, ip: string, forwardedFor?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress: ip,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });
    const resetWithLink = (token: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password },
      });
    const newLinkToken = async (email: string) => {
      const link = await issueSetPasswordLink(ctx.db, {
        userId: (await userRow(email)).id,
        publicUrl: ctx.config.publicUrl,
        kind: 'reset',
        lang: 'en',
        now: ctx.app.clock.now(),
      });
      return new URL(link).searchParams.get('token')!;
    };

    const expectHashAtOwaspMinimum = (hash: string | null) => {
      const phc = parsePhc(hash ?? '');
      expect(phc.algorithm).toBe('argon2id');
      expect(phc.version).toBe('v=19');
      expect(phc.m).toBeGreaterThanOrEqual(19_456);
      expect(phc.t).toBeGreaterThanOrEqual(2);
      expect(phc.p).toBeGreaterThanOrEqual(1);
    };

    it('set-password link: refuses 7 and 129 characters and common passwords, accepts 8 and 128, stores argon2id', async () => {
      const email = 'dealer2@example.com';
      const before = (await userRow(email)).passwordHash;
      const token = await newLinkToken(email);
      for (const password of [tooShort, tooLong]) {
        const response = await resetWithLink(token, password);
        expect(response.statusCode, `length ${password.length}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
      }
      for (const password of commonOnes) {
        const response = await resetWithLink(token, password);
        expect(response.json(), password).toMatchObject({
          code: 422,
          message:
            'This password is too easy to guess; choose a longer one, such as a few unrelated words.',
          data: { error: 'WEAK_PASSWORD', reason: 'guessable', min_score: 2 },
        });
        expect(response.json().data.score, password).toBeLessThan(2);
      }
      expect((await userRow(email)).passwordHash).toBe(before);

      // the refusals did not use up the link
      expect((await resetWithLink(token, eight)).statusCode).toBe(200);
      const afterEight = (await userRow(email)).passwordHash;
      expect(afterEight).not.toBe(before);
      expectHashAtOwaspMinimum(afterEight);
      expect((await login(email, eight, '10.20.0.1')).statusCode).toBe(200);

      expect((await resetWithLink(await newLinkToken(email), longest)).statusCode).toBe(200);
      expectHashAtOwaspMinimum((await userRow(email)).passwordHash);
      expect((await login(email, longest, '10.20.0.1')).statusCode).toBe(200);
    });

    it('profile password change: the same rules, and a fresh argon2id hash with its own salt', async () => {
      const email = 'user@example.com';
      let token = await ctx.login(email);
      let current = 'demo1234';
      const change = (new_password: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/profile/password',
          headers: bearer(token),
          payload: { current_password: current, new_password },
        });
      const before = (await userRow(email)).passwordHash;
      for (const password of [tooShort, tooLong]) {
        expect((await change(password)).statusCode, `length ${password.length}`).toBe(400);
      }
      for (const password of commonOnes) {
        expect((await change(password)).json(), password).toMatchObject({
          code: 422,
          data: { error: 'WEAK_PASSWORD', reason: 'guessable' },
        });
      }
      expect((await userRow(email)).passwordHash).toBe(before);

      for (const password of [eight, longest]) {
        const response = await change(password);
        expect(response.statusCode, `length ${password.length}`).toBe(200);
        token = response.json().data.token;
        current = password;
        expectHashAtOwaspMinimum((await userRow(email)).passwordHash);
      }
      const salts = [before, (await userRow(email)).passwordHash].map((h) => h?.split('$')[4]);
      expect(salts[0]).not.toBe(salts[1]);
      expect((await login(email, longest, '10.21.0.1')).statusCode).toBe(200);
    });

    it("asks admins for a stronger password than dealers, and refuses the account's own e-mail (issue 32)", async () => {
      const changeFor = async (email: string, new_password: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/profile/password',
          headers: bearer(await ctx.login(email)),
          payload: { current_password: 'demo1234', new_password },
        });
      // score 2: enough for a user, not for a global or local admin (score 3)
      for (const email of ['gd@example.com', 'ld@example.com']) {
        expect((await changeFor(email, eight)).json(), email).toMatchObject({
          code: 422,
          data: { error: 'WEAK_PASSWORD', reason: 'guessable', score: 2, min_score: 3 },
        });
      }
      // the account's own e-mail, however dressed up, is what a guesser tries first
      const own = await changeFor('dealer@example.com', 'Dealer@Example.com');
      expect(own.json()).toMatchObject({ code: 422, data: { warning: 'userInputs' } });
      const ru = await ctx.app.inject({
        method: 'POST',
        url: '/api/profile/password',
        headers: { ...bearer(await ctx.login('dealer@example.com')), 'accept-language': 'ru' },
        payload: { current_password: 'demo1234', new_password: 'password' },
      });
      expect(ru.json()).toMatchObject({
        code: 422,
        data: { error: 'WEAK_PASSWORD', warning: 'topTen' },
      });
    });

    it('slows failed sign-ins per account and address, whatever the e-mail case', async () => {
      const variants = ['ld@example.com', 'LD@example.com', 'Ld@Example.COM'];
      for (const email of variants) {
        expect((await login(email, 'not-the-password', '10.30.0.1')).statusCode).toBe(401);
      }
      const waiting = await login('ld@example.com', 'demo1234', '10.30.0.1');
      expect(waiting.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
      // the account from another address, and another account from this one, are not slowed
      expect((await login('ld@example.com', 'demo1234', '10.30.0.99')).statusCode).toBe(200);
      expect((await login('gd@example.com', 'demo1234', '10.30.0.1')).statusCode).toBe(200);
    });

    it('limits failed sign-ins per address, whatever the accounts tried', async () => {
      for (let i = 0; i < 4; i++) {
        const response = await login(`nobody${i}@example.com`, 'not-the-password', '10.40.0.1');
        expect(response.statusCode).toBe(401);
      }
      const locked = await login('dealer@example.com', 'demo1234', '10.40.0.1');
      expect(locked.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
      // the same account from another address signs in
      expect((await login('dealer@example.com', 'demo1234', '10.40.0.2')).statusCode).toBe(200);
    });

    it('lets no client choose its address with X-Forwarded-For; a peer on a private network neither; a proxy on this machine may (issue 32)', async () => {
      // a client on the internet that sends a new forwarded address each time
      for (let i = 0; i < 4; i++) {
        const response = await login(
          `spoof${i}@example.com`,
          'wrong',
          '203.0.113.7',
          `198.51.100.${i}`,
        );
        expect(response.statusCode).toBe(401);
      }
      const spoofed = await login('gd@example.com', 'demo1234', '203.0.113.7', '198.51.100.99');
      expect(spoofed.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });

      // any client on the private network is no proxy of ours either: its header is ignored
      for (let i = 0; i < 4; i++) {
        const response = await login(`lan${i}@example.com`, 'wrong', '10.0.0.5', `192.0.2.${i}`);
        expect(response.statusCode).toBe(401);
      }
      const lanSpoofed = await login('gd@example.com', 'demo1234', '10.0.0.5', '192.0.2.200');
      expect(lanSpoofed.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });

      // behind a reverse proxy on this machine each client is counted on its own
      for (let i = 0; i < 4; i++) {
        const response = await login(`proxied${i}@example.com`, 'wrong', '127.0.0.1', '192.0.2.1');
        expect(response.statusCode).toBe(401);
      }
      const proxiedLocked = await login('gd@example.com', 'demo1234', '127.0.0.1', '192.0.2.1');
      expect(proxiedLocked.statusCode).toBe(429);
      const otherClient = await login('gd@example.com', 'demo1234', '127.0.0.1', '192.0.2.2');
      expect(otherClient.statusCode).toBe(200);
    });
  },
);
