import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, mailMessages, users } from '../../src/db/schema';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../src/lib/tokens';
import { startSession } from '../../src/modules/auth/auth.repository';
import { bearer, createTestContext, dbKinds, type TestContext } from '../harness';
import { obtainIdToken, startOidcProvider, type TestOidcProvider } from '../oidc-provider';
import { waitFor } from '../wait-for';

const redirectUri = 'http://portal.test/callback';
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe.each(dbKinds)(
  '[security][tokens] JWT checks (RFC 8725) and log redaction on %s',
  (kind) => {
    let ctx: TestContext;
    let provider: TestOidcProvider;
    const logLines: string[] = [];
    let gd: { id: number; sessionVersion: number; sessionId: string };

    beforeAll(async () => {
      provider = await startOidcProvider({ redirectUris: [redirectUri] });
      const logStream = new Writable({
        write: (chunk, _encoding, done) => {
          logLines.push(...String(chunk).split('\n').filter(Boolean));
          done();
        },
      });
      ctx = await createTestContext(kind, {
        env: {
          LOG_LEVEL: 'debug',
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
        },
        logStream,
      });
      const [row] = await ctx.db.select().from(users).where(eq(users.email, 'gd@example.com'));
      const signIn = await startSession(ctx.db, {
        userId: row!.id,
        provider: 'password',
        maxHours: 12,
        now: ctx.app.clock.now(),
      });
      gd = { id: row!.id, sessionVersion: row!.sessionVersion, sessionId: signIn.id };
    });
    afterAll(async () => {
      await ctx?.close();
      await provider?.close();
    });

    const secret = () => new TextEncoder().encode(ctx.config.jwtSecret);

    /** A token shaped like ours: change one thing per test. */
    const forge = async (
      options: {
        alg?: string;
        key?: Uint8Array;
        iss?: string;
        aud?: string;
        exp?: number;
        nbf?: number;
        sub?: string;
        sv?: number;
        sid?: string;
      } = {},
    ) => {
      const jwt = new SignJWT({
        sv: options.sv ?? gd.sessionVersion,
        prv: 'password',
        sid: options.sid ?? gd.sessionId,
      })
        .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
        .setSubject(options.sub ?? String(gd.id))
        .setIssuer(options.iss ?? TOKEN_ISSUER)
        .setAudience(options.aud ?? TOKEN_AUDIENCE)
        .setIssuedAt(now() - 60)
        .setExpirationTime(options.exp ?? now() + 600);
      if (options.nbf !== undefined) jwt.setNotBefore(options.nbf);
      return jwt.sign(options.key ?? secret());
    };

    const askProfile = (token: string, via: 'header' | 'query' = 'header') =>
      via === 'header'
        ? ctx.app.inject({ url: '/api/auth/user', headers: bearer(token) })
        : ctx.app.inject({ url: `/api/auth/user?token=${encodeURIComponent(token)}` });

    const expectRefused = async (token: string, why: string) => {
      for (const via of ['header', 'query'] as const) {
        const response = await askProfile(token, via);
        expect(response.statusCode, `${why} via ${via}`).toBe(401);
        expect(response.json()).toEqual({
          code: 401,
          message: 'Authentication required: sign in again.',
          data: { error: 'UNAUTHORIZED' },
        });
      }
    };

    it('accepts a token forged exactly like ours, so the refusals below are about one change', async () => {
      const response = await askProfile(await forge());
      expect(response.statusCode).toBe(200);
      expect(response.json().data.email).toBe('gd@example.com');
    });

    it('refuses alg none in any spelling, also with the signature left on', async () => {
      const real = await forge();
      const [, payload, signature] = real.split('.');
      for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
        const header = b64({ alg, typ: 'JWT' });
        await expectRefused(`${header}.${payload}.`, `alg ${alg}`);
        await expectRefused(`${header}.${payload}.${signature}`, `alg ${alg} with a signature`);
      }
    });

    it('refuses a wrong key, another HMAC algorithm, a wrong issuer or audience', async () => {
      const wrongKey = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256-xx');
      await expectRefused(await forge({ key: wrongKey }), 'wrong key');
      await expectRefused(await forge({ alg: 'HS512' }), 'HS512 with our key');
      await expectRefused(await forge({ alg: 'HS384' }), 'HS384 with our key');
      await expectRefused(await forge({ iss: 'https://evil.example' }), 'wrong issuer');
      await expectRefused(await forge({ aud: 'another-api' }), 'wrong audience');
      await expectRefused(await forge({ aud: ctx.config.OIDC_CLIENT_ID! }), 'an OIDC audience');
    });

    it('refuses an expired token, one not valid yet, and one of an older session', async () => {
      await expectRefused(await forge({ exp: now() - 1 }), 'expired a second ago');
      await expectRefused(await forge({ nbf: now() + 300 }), 'nbf in five minutes');
      await expectRefused(await forge({ sv: gd.sessionVersion - 1 }), 'older session version');
      await expectRefused(await forge({ sub: 'gd@example.com' }), 'a subject that is no id');
    });

    it("refuses a dealer's real token whose payload was changed to the admin's id", async () => {
      const dealerToken = await ctx.login('dealer@example.com');
      expect((await askProfile(dealerToken)).statusCode).toBe(200);
      const [header, payload, signature] = dealerToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const tampered = `${header}.${b64({ ...claims, sub: String(gd.id) })}.${signature}`;
      await expectRefused(tampered, 'sub changed to the admin');
      const longer = `${header}.${b64({ ...claims, exp: claims.exp + 86_400 })}.${signature}`;
      await expectRefused(longer, 'exp pushed a day later');
      await expectRefused(`${dealerToken.slice(0, -3)}AAA`, 'signature changed');
    });

    it('ends a session on sign-out: its tokens, refreshed ones too, are refused at once; other sign-ins go on', async () => {
      const signIn = async () =>
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'ld@example.com', password: 'demo1234' },
          })
        ).json().data.token as string;
      const phone = await signIn();
      const desk = await signIn();
      const refreshed = (
        await ctx.app.inject({ url: '/api/auth/refresh', headers: bearer(phone) })
      ).json().data.token as string;
      // read once, so each process has the session cached when it ends
      expect((await askProfile(refreshed)).statusCode).toBe(200);
      const out = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(phone),
      });
      expect(out.statusCode, out.body).toBe(200);
      expect(out.json()).toMatchObject({ code: 200, data: null });
      for (const token of [phone, refreshed]) {
        expect((await askProfile(token)).statusCode).toBe(401);
        expect((await askProfile(token, 'query')).statusCode).toBe(401);
        const again = await ctx.app.inject({ url: '/api/auth/refresh', headers: bearer(token) });
        expect(again.statusCode).toBe(401);
      }
      expect((await askProfile(desk)).statusCode).toBe(200);
      // signing out twice, or without a session, is a 401 like any request without one
      const twice = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: bearer(phone),
      });
      expect(twice.statusCode).toBe(401);
    });

    it('never carries a session past its absolute lifetime, however often it is refreshed', async () => {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ld@example.com', password: 'demo1234' },
      });
      const token = login.json().data.token as string;
      const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
      const [row] = await ctx.db.select().from(authSessions).where(eq(authSessions.id, claims.sid));
      const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
      expect(hours).toBeCloseTo(ctx.config.SESSION_MAX_HOURS, 3);
      // 10 minutes left of the sign-in: a refresh gives a token that ends with it, not an hour on
      await ctx.db
        .update(authSessions)
        .set({ expiresAt: new Date(Date.now() + 600_000) })
        .where(eq(authSessions.id, claims.sid));
      const refreshed = await ctx.app.inject({ url: '/api/auth/refresh', headers: bearer(token) });
      expect(refreshed.statusCode).toBe(200);
      const until = refreshed.json().data.token_expired as number;
      expect(until).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
      // over: the token, though its own exp is still ahead, is refused and cannot be refreshed
      await ctx.db
        .update(authSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authSessions.id, claims.sid));
      const late = refreshed.json().data.token as string;
      expect((await askProfile(late)).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ url: '/api/auth/refresh', headers: bearer(late) })).statusCode,
      ).toBe(401);
    });

    it('writes no token, password or reset token to the log, while logging each request', async () => {
      const secrets: string[] = [];
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ld@example.com', password: 'demo1234' },
      });
      const token = login.json().data.token as string;
      secrets.push(token, 'demo1234');
      expect((await askProfile(token, 'header')).statusCode).toBe(200);
      expect((await askProfile(token, 'query')).statusCode).toBe(200);
      const refreshed = await ctx.app.inject({ url: '/api/auth/refresh', headers: bearer(token) });
      secrets.push(refreshed.json().data.token);

      const failed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ld@example.com', password: 'a-wrong-but-secret-guess' },
        remoteAddress: '10.7.0.1',
      });
      expect(failed.statusCode).toBe(401);
      secrets.push('a-wrong-but-secret-guess');

      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'user@example.com' },
      });
      const resetToken = await waitForResetToken(ctx, 'user@example.com');
      secrets.push(resetToken, 'a-new-secret-passphrase');
      // the link as the browser opens it, then the form's request
      await ctx.app.inject({ url: `/pages/reset-password?token=${resetToken}` });
      const reset = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: resetToken, password: 'a-new-secret-passphrase' },
      });
      expect(reset.statusCode).toBe(200);

      const idToken = await obtainIdToken({
        ...provider,
        redirectUri,
        login: 'dealer2@example.com',
      });
      const sso = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/oidc',
        payload: { id_token: idToken },
      });
      expect(sso.statusCode).toBe(200);
      secrets.push(idToken, sso.json().data.token);

      // other spellings of the parameter are not read (401), and not logged either
      for (const name of ['%74oken', 'TOKEN', 'Token', 'token[]', 'token%5B%5D', '%2574oken']) {
        const odd = await ctx.app.inject({ url: `/api/auth/user?${name}=${token}` });
        expect(odd.statusCode, name).toBe(401);
      }
      const twice = await ctx.app.inject({ url: `/api/auth/user?token=${token}&token=${token}` });
      expect(twice.statusCode).toBe(401);

      // a set-password link of an invited account, opened, then used; and nested passwords
      const admin = await ctx.login('gd@example.com');
      const invited = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings/users',
        headers: bearer(admin),
        payload: {
          name: 'Logged Nobody',
          email: 'logged.nobody@example.com',
          type_id: 1,
          lang: 'en',
        },
      });
      expect(invited.statusCode, invited.body).toBe(200);
      secrets.push(admin);
      const setToken = await waitForResetToken(ctx, 'logged.nobody@example.com');
      secrets.push(setToken, 'set-by-the-invited-one');
      await ctx.app.inject({ url: `/pages/reset-password?TOKEN=${setToken}&lang=az` });
      const set = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: setToken, password: 'set-by-the-invited-one' },
      });
      expect(set.statusCode).toBe(200);
      const nested = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ld@example.com', password: { value: 'nested-secret-in-a-body' } },
      });
      expect(nested.statusCode).toBe(400);
      secrets.push('nested-secret-in-a-body');

      const log = logLines.join('\n');
      expect(log).toContain('"url":"/api/auth/user?%74oken=[redacted]"');
      expect(log).toContain('"url":"/pages/reset-password?TOKEN=[redacted]&lang=az"');
      // the log is really captured: the requests above are in it, their query tokens masked
      expect(log).toContain('"url":"/api/auth/user?token=[redacted]"');
      expect(log).toContain('"url":"/pages/reset-password?token=[redacted]"');
      for (const url of ['/api/auth/login', '/api/auth/refresh', '/api/auth/oidc']) {
        expect(log).toContain(`"url":"${url}"`);
      }
      expect(logLines.filter((line) => line.includes('"statusCode":')).length).toBeGreaterThan(8);
      for (const secret of secrets) {
        expect(secret.length).toBeGreaterThan(7);
        expect(log.includes(secret), `a secret starting ${secret.slice(0, 12)} is in the log`).toBe(
          false,
        );
        // a JWT's signature alone would be enough to recognise it
        const tail = secret.split('.').at(-1)!;
        if (tail.length > 20) expect(log.includes(tail)).toBe(false);
      }
    });
  },
);

/** The reset link is mailed after the answer: wait for it in the local mailbox. */
const waitForResetToken = (ctx: TestContext, to: string) =>
  waitFor(
    async () => {
      const [mail] = await ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to));
      return mail?.text.match(/reset-password\?token=([\w-]+)/)?.[1];
    },
    { message: `the reset mail to ${to}`, intervalMs: 20 },
  );
