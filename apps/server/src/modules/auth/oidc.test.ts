import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../../test/harness';
import {
  obtainIdToken,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../test/oidc-provider';
import { users } from '../../db/schema';

const redirectUri = 'http://portal.test/callback';

describe('[auth][oidc] third-party sign-in verified against a real provider', () => {
  let provider: TestOidcProvider;
  let other: TestOidcProvider;
  let ctx: TestContext;
  beforeAll(async () => {
    provider = await startOidcProvider({ redirectUris: [redirectUri] });
    other = await startOidcProvider({ redirectUris: [redirectUri] });
    ctx = await createTestContext('pglite', {
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await provider?.close();
    await other?.close();
  });

  const signIn = (id_token: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/oidc', payload: { id_token } });

  it('publishes the provider settings the browser needs', async () => {
    const response = await ctx.app.inject({ url: '/api/auth/oidc/config' });
    expect(response.json().data).toEqual({
      enabled: true,
      issuer: provider.issuer,
      client_id: 'esd-portal',
      scope: 'openid profile email',
    });
  });

  it("signs in the portal account with the ID token's e-mail", async () => {
    const idToken = await obtainIdToken({ ...provider, redirectUri, login: 'dealer@example.com' });
    const response = await signIn(idToken);
    expect(response.statusCode).toBe(200);
    const { user, token } = response.json().data;
    expect(user).toMatchObject({ email: 'dealer@example.com', type_id: 3, auth_provider: 'oidc' });
    const me = await ctx.app.inject({ url: '/api/auth/user', headers: bearer(token) });
    expect(me.json().data.auth_provider).toBe('oidc');
  });

  it("refuses an e-mail with no portal account, a tampered token and another issuer's token", async () => {
    const stranger = await obtainIdToken({
      ...provider,
      redirectUri,
      login: 'stranger@example.com',
    });
    expect((await signIn(stranger)).json()).toMatchObject({
      code: 401,
      data: { error: 'OIDC_REJECTED' },
    });

    const genuine = await obtainIdToken({ ...provider, redirectUri, login: 'gd@example.com' });
    const [header, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'ld@example.com' })).toString(
      'base64url',
    );
    expect((await signIn(`${header}.${forged}.${signature}`)).statusCode).toBe(401);

    const foreign = await obtainIdToken({ ...other, redirectUri, login: 'gd@example.com' });
    expect((await signIn(foreign)).json()).toMatchObject({
      code: 401,
      data: { error: 'OIDC_REJECTED' },
    });
  });

  it("binds the provider's subject at the first sign-on: another identity with the account's e-mail is refused", async () => {
    const first = await obtainIdToken({ ...provider, redirectUri, login: 'user@example.com' });
    expect((await signIn(first)).statusCode).toBe(200);
    const [bound] = await ctx.db
      .select({ subject: users.oidcSubject })
      .from(users)
      .where(eq(users.email, 'user@example.com'));
    expect(bound?.subject).toBe('user@example.com');

    // the provider gave the address to someone else (another subject)
    const reassigned = await obtainIdToken({
      ...provider,
      redirectUri,
      login: 'newcomer#user@example.com',
    });
    expect((await signIn(reassigned)).json()).toMatchObject({
      code: 401,
      data: { error: 'OIDC_REJECTED' },
      message: 'This portal account is linked to another identity at the provider.',
    });
    // the bound subject still signs in
    const again = await obtainIdToken({ ...provider, redirectUri, login: 'user@example.com' });
    expect((await signIn(again)).statusCode).toBe(200);
  });

  it('is off when not configured', async () => {
    const plain = await createTestContext('pglite');
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/oidc',
        payload: { id_token: 'x'.repeat(20) },
      });
      expect(response.json()).toMatchObject({ code: 404, data: { error: 'OIDC_DISABLED' } });
      expect((await plain.app.inject({ url: '/api/auth/oidc/config' })).json().data.enabled).toBe(
        false,
      );
    } finally {
      await plain.close();
    }
  });
});
