import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider on loopback (oidc-provider with its development sign-in
 * pages): any login name is accepted and becomes the account's e-mail.
 */
export const startOidcProvider = async (options: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
  /** the host name in the issuer URL (it always listens on 127.0.0.1) */
  host?: string;
}): Promise<TestOidcProvider> => {
  const clientId = options.clientId ?? 'esd-portal';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'none',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: true } },
    // put the e-mail into the ID token itself, as most providers do
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    // the login is the subject and its e-mail; `subject#e-mail` gives another identity the
    // same e-mail, as a provider that reassigned an address would
    findAccount: async (_ctx: unknown, sub: string) => {
      const email = sub.split('#').at(-1)!;
      return {
        accountId: sub,
        claims: async () => ({ sub, email, email_verified: true, name: email.split('@')[0] }),
      };
    },
  });
  // loopback over plain http is fine for tests
  provider.proxy = true;
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

/** Runs the authorization code + PKCE flow over HTTP, as a browser would, and returns the ID token. */
export const obtainIdToken = async (options: {
  issuer: string;
  clientId: string;
  redirectUri: string;
  login: string;
}): Promise<string> => {
  const cookies = new Map<string, string>();
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, options.issuer), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(response);
    return response;
  };
  const form = (body: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });

  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL('/auth', options.issuer);
  authorize.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    scope: 'openid email profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  }).toString();

  let location = (await request(authorize.toString())).headers.get('location');
  for (let step = 0; step < 10 && location; step++) {
    if (location.startsWith(options.redirectUri)) {
      const code = new URL(location).searchParams.get('code');
      if (!code) throw new Error(`no code in ${location}`);
      const token = await request(
        '/token',
        form({
          grant_type: 'authorization_code',
          code,
          redirect_uri: options.redirectUri,
          client_id: options.clientId,
          code_verifier: verifier,
        }),
      );
      const body = (await token.json()) as { id_token?: string };
      if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
      return body.id_token;
    }
    if (location.includes('/interaction/')) {
      const page = await (await request(location)).text();
      const prompt: Record<string, string> = page.includes('name="login"')
        ? { prompt: 'login', login: options.login, password: 'any' }
        : { prompt: 'consent' };
      location = (await request(location, form(prompt))).headers.get('location');
    } else {
      location = (await request(location)).headers.get('location');
    }
  }
  throw new Error('the authorization flow did not reach the redirect URI');
};
