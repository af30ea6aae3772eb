import type { MfaChallenge } from '@esd/shared/auth/mfa.schemas';
import { ApiError } from '@/lib/api-error';
import { saveSession } from '@/lib/session/session';
import { setToken } from '@/lib/storage';
import { getOidcConfig } from '../api/get-oidc-config';
import { loginWithOidc } from '../api/oidc-login';
import { getUserManager } from './user-manager';

/** Sends the browser to the identity provider; `to` comes back through the state. */
export const startOidcSignIn = async (to: string | null) => {
  const manager = await getUserManager(await getOidcConfig());
  await manager.signinRedirect({ state: { to } });
};

/** Thrown when the provider's answer on /callback cannot be read (spec 8's alert case). */
export class OidcCallbackError extends Error {
  override name = 'OidcCallbackError';
}

type CompletedSignIn = { to: string | null; challenge?: MfaChallenge };

const completeSignIn = async (): Promise<CompletedSignIn> => {
  const config = await getOidcConfig();
  if (!config.enabled) {
    throw new ApiError({
      status: 404,
      message: 'Single sign-on is off',
      errorName: 'OIDC_DISABLED',
    });
  }
  const manager = await getUserManager(config);
  let user: Awaited<ReturnType<typeof manager.signinRedirectCallback>>;
  try {
    user = await manager.signinRedirectCallback();
  } catch (error) {
    throw new OidcCallbackError('The sign-in answer could not be read', { cause: error });
  }
  if (!user.id_token) {
    throw new OidcCallbackError('The identity provider sent no ID token');
  }
  const result = await loginWithOidc({ id_token: user.id_token });
  const state = user.state as { to?: string | null } | undefined;
  // an account with a second factor takes the second step on the login page
  if ('mfa_required' in result) return { to: state?.to ?? null, challenge: result };
  saveSession({ user: result.user, token: result.token, providerId: 'oidc' });
  return { to: state?.to ?? null };
};

let pendingSignIn: Promise<CompletedSignIn> | undefined;

/** Once per page: the authorization code can be redeemed only once (StrictMode runs twice). */
export const completeOidcSignIn = () => {
  pendingSignIn ??= completeSignIn();
  return pendingSignIn;
};

/** Spec 4: on start, renew silently and swap in a new token of ours. Throws on failure. */
export const renewOidcSession = async () => {
  const config = await getOidcConfig();
  if (!config.enabled) return;
  const manager = await getUserManager(config);
  const user = await manager.signinSilent();
  if (!user?.id_token) throw new Error('Silent renewal returned no ID token');
  const result = await loginWithOidc({ id_token: user.id_token });
  // a renewal never takes a second step: the session keeps its token until it runs out
  if ('mfa_required' in result) throw new Error('Silent renewal needs the second factor');
  setToken({ token: result.token, expiry: result.user.token_expired });
};
