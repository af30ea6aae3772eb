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

const completeSignIn = async (): Promise<{ to: string | null }> => {
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
  const { user: profile, token } = await loginWithOidc({ id_token: user.id_token });
  saveSession({ user: profile, token, providerId: 'oidc' });
  const state = user.state as { to?: string | null } | undefined;
  return { to: state?.to ?? null };
};

let pendingSignIn: Promise<{ to: string | null }> | undefined;

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
  const { user: profile, token } = await loginWithOidc({ id_token: user.id_token });
  setToken({ token, expiry: profile.token_expired });
};
