import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

/** Our tokens name us as issuer and the API as audience; both are checked (RFC 8725 3.8, 3.9). */
export const TOKEN_ISSUER = 'esd-portal';
export const TOKEN_AUDIENCE = 'esd-portal-api';

/** how a sign-in was made: `passkey` is a password-less one */
export type SessionProvider = 'password' | 'oidc' | 'passkey';

/**
 * How the request's session was made: a sign-in, or a dealer's API key (issue 34), which has
 * no token and is never reissued as one.
 */
export type RequestProvider = SessionProvider | 'api-key';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TokenClaims = {
  userId: number;
  /** the sign-in (auth_sessions.id) the token belongs to */
  sessionId: string;
  sessionVersion: number;
  provider: SessionProvider;
  /** unix seconds */
  expiresAt: number;
};

export type TokenService = {
  /** a token of the session, valid for the TTL but never past `notAfter` (unix seconds) */
  sign: (
    claims: Omit<TokenClaims, 'expiresAt'> & { notAfter: number },
  ) => Promise<{ token: string; expiresAt: number }>;
  /** the claims, or null for any token that is not ours, tampered, or expired */
  verify: (token: string) => Promise<TokenClaims | null>;
};

/**
 * HS256 tokens (RFC 8725: one algorithm, issuer and audience checked, `none` refused). Issued
 * and expired by the app's clock, the one that ends their sign-in (`auth_sessions.expires_at`).
 */
export const createTokenService = ({
  secret,
  ttlSeconds,
  clock,
}: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}): TokenService => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: async ({ userId, sessionId, sessionVersion, provider, notAfter }) => {
      const now = Math.floor(clock.now().getTime() / 1000);
      const expiresAt = Math.min(now + ttlSeconds, Math.floor(notAfter));
      const token = await new SignJWT({ sv: sessionVersion, prv: provider, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: clock.now(),
        });
        const userId = Number(payload.sub);
        const sessionVersion = payload.sv;
        const provider = payload.prv;
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(userId) || typeof sessionVersion !== 'number') return null;
        if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;
        if (provider !== 'password' && provider !== 'oidc' && provider !== 'passkey') return null;
        return { userId, sessionId, sessionVersion, provider, expiresAt: payload.exp as number };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
};
