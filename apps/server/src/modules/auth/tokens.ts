import { errors, jwtVerify, SignJWT } from 'jose';

/** Our tokens name us as issuer and the API as audience; both are checked (RFC 8725 3.8, 3.9). */
export const TOKEN_ISSUER = 'esd-portal';
export const TOKEN_AUDIENCE = 'esd-portal-api';

export type SessionProvider = 'password' | 'oidc';

export type TokenClaims = {
  userId: number;
  sessionVersion: number;
  provider: SessionProvider;
  /** unix seconds */
  expiresAt: number;
};

export type TokenService = {
  sign: (claims: Omit<TokenClaims, 'expiresAt'>) => Promise<{ token: string; expiresAt: number }>;
  /** the claims, or null for any token that is not ours, tampered, or expired */
  verify: (token: string) => Promise<TokenClaims | null>;
};

/** HS256 tokens (RFC 8725: one algorithm, issuer and audience checked, `none` refused). */
export const createTokenService = (secret: string, ttlSeconds: number): TokenService => {
  const key = new TextEncoder().encode(secret);
  return {
    sign: async ({ userId, sessionVersion, provider }) => {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + ttlSeconds;
      const token = await new SignJWT({ sv: sessionVersion, prv: provider })
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
        });
        const userId = Number(payload.sub);
        const sessionVersion = payload.sv;
        const provider = payload.prv;
        if (!Number.isSafeInteger(userId) || typeof sessionVersion !== 'number') return null;
        if (provider !== 'password' && provider !== 'oidc') return null;
        return { userId, sessionVersion, provider, expiresAt: payload.exp as number };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
};
