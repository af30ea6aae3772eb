/**
 * Passkeys through the real routes and the real @simplewebauthn/server checks: a software
 * authenticator (test/soft-authenticator.ts) registers an ES256 credential and signs the
 * portal's challenges, honestly or as an attacker would (replayed, unverified, from another
 * origin, by another key, from a cloned device).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { softAuthenticator, strangerKey } from '../../../test/soft-authenticator';
import { users } from '../../db/schema';
import { PASSKEY_ALGORITHMS } from './passkeys.service';

const DEALER = 'dealer2@example.com';
const NEWCOMER = 'ld@example.com';
const PASSWORD = 'demo1234';

describe.each(dbKinds)('[auth][passkeys] a software authenticator on %s', (kind) => {
  let ctx: TestContext;
  let authenticator: ReturnType<typeof softAuthenticator>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    authenticator = softAuthenticator(ctx.app.config.publicUrl);
    // the dealer every sign-in test uses holds this passkey, whichever test runs first
    const registered = await registerPasskey(DEALER, authenticator);
    expect(registered.statusCode, registered.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, payload: object = {}, token?: string) =>
    ctx.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const passwordStep = async (email = DEALER) =>
    (await post('/api/auth/login', { email, password: PASSWORD })).json().data;
  const passkeyOptions = async (token: string) =>
    (await post('/api/auth/mfa/passkeys/options', {}, token)).json().data;
  /** signs in with the password (no second factor yet) and registers the authenticator's key */
  const registerPasskey = async (email: string, device: ReturnType<typeof softAuthenticator>) => {
    const { token } = await passwordStep(email);
    const { challenge_id, options } = await passkeyOptions(token);
    return post(
      '/api/auth/mfa/passkeys',
      { challenge_id, name: 'Soft key', response: device.register(options) },
      token,
    );
  };
  const signInOptions = async () => (await post('/api/auth/passkey/options')).json().data;
  const errorOf = (response: { json: () => { data: { error?: string } } }) =>
    response.json().data.error;

  it('registers a passkey of the algorithms every supported Node verifies', async () => {
    // an account of its own, without a second factor yet
    const { token } = await passwordStep(NEWCOMER);
    const device = softAuthenticator(ctx.app.config.publicUrl);
    const { challenge_id, options } = await passkeyOptions(token);
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual(PASSKEY_ALGORITHMS);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });

    const response = device.register(options);
    const registered = await post(
      '/api/auth/mfa/passkeys',
      { challenge_id, name: 'Soft key', response },
      token,
    );
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().data.recovery_codes).toHaveLength(10);
    // the challenge was single-use: the same answer cannot register it twice
    const again = await post(
      '/api/auth/mfa/passkeys',
      { challenge_id, name: 'Again', response },
      token,
    );
    expect(errorOf(again)).toBe('INVALID_MFA_CODE');
  });

  it('signs in without a password, with user verification, as the passkey owner', async () => {
    const { challenge_id, options } = await signInOptions();
    expect(options.userVerification).toBe('required');
    const signedIn = await post('/api/auth/passkey', {
      challenge_id,
      response: authenticator.assert(options),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token, user } = signedIn.json().data;
    expect(user.email).toBe(DEALER);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: bearer(token),
    });
    expect(me.json().data.email).toBe(DEALER);
  });

  it('refuses a replayed answer, an unverified user, another origin, another key and a cloned device', async () => {
    const replayed = await signInOptions();
    const body = {
      challenge_id: replayed.challenge_id,
      response: authenticator.assert(replayed.options),
    };
    expect((await post('/api/auth/passkey', body)).statusCode).toBe(200);
    expect(errorOf(await post('/api/auth/passkey', body))).toBe('INVALID_MFA_CODE');

    const attempts = [
      { verified: false },
      { from: 'https://portal.evil.test' },
      { signer: strangerKey() },
    ];
    for (const attempt of attempts) {
      const { challenge_id, options } = await signInOptions();
      const refused = await post('/api/auth/passkey', {
        challenge_id,
        response: authenticator.assert(options, attempt),
      });
      expect(refused.statusCode, JSON.stringify(Object.keys(attempt))).toBe(401);
      expect(errorOf(refused)).toBe('INVALID_MFA_CODE');
    }

    // a copy of the device answers with a counter the portal has already seen
    authenticator.setCounter(0);
    const cloned = await signInOptions();
    const refused = await post('/api/auth/passkey', {
      challenge_id: cloned.challenge_id,
      response: authenticator.assert(cloned.options),
    });
    expect(errorOf(refused)).toBe('INVALID_MFA_CODE');
    authenticator.setCounter(100);
  });

  it('is the second step after the password, where presence alone is enough', async () => {
    const first = await passwordStep();
    expect(first).toMatchObject({ mfa_required: true });
    expect(first.methods).toContain('passkey');
    const { challenge_id, options } = (
      await post('/api/auth/mfa/passkey-options', { ticket: first.ticket })
    ).json().data;
    const verified = await post('/api/auth/mfa/verify', {
      ticket: first.ticket,
      method: 'passkey',
      challenge_id,
      response: authenticator.assert(options, { verified: false }),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.user.email).toBe(DEALER);
  });

  it('lets no deactivated account in with its passkey', async () => {
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.email, DEALER));
    const { challenge_id, options } = await signInOptions();
    const refused = await post('/api/auth/passkey', {
      challenge_id,
      response: authenticator.assert(options),
    });
    expect(errorOf(refused)).toBe('ACCOUNT_DISABLED');
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.email, DEALER));
  });
});
