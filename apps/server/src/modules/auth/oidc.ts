import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AppError } from '../../lib/errors';

type Discovery = { issuer: string; jwks_uri: string };

/** Verifies ID tokens of the configured issuer against its published keys. */
export const createOidcVerifier = (issuer: string, clientId: string) => {
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  const discover = async () => {
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`OIDC discovery failed: ${response.status}`);
    const discovery = (await response.json()) as Discovery;
    return createRemoteJWKSet(new URL(discovery.jwks_uri));
  };

  return {
    /**
     * The ID token's subject (`sub`) and its verified, lower-cased e-mail, and whether the
     * provider says it checked more than one factor (`amr` holds "mfa", RFC 8176). `exp`, `iat`,
     * the issuer and the audience are checked by the verification itself.
     */
    verifyIdToken: async (
      idToken: string,
    ): Promise<{ subject: string; email: string; hasProviderMfa: boolean }> => {
      keys ??= discover().catch((error) => {
        keys = undefined;
        throw error;
      });
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(idToken, await keys, {
          issuer,
          audience: clientId,
          algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        if (error instanceof errors.JOSEError) {
          throw new AppError('OIDC_REJECTED', 'The identity provider token was not accepted.');
        }
        throw error;
      }
      const email = payload.email;
      if (typeof email !== 'string' || payload.email_verified === false) {
        throw new AppError('OIDC_REJECTED', 'The identity provider gave no verified e-mail.');
      }
      const amr = Array.isArray(payload.amr) ? payload.amr : [];
      return {
        subject: String(payload.sub),
        email: email.toLowerCase(),
        hasProviderMfa: amr.includes('mfa'),
      };
    },
  };
};
