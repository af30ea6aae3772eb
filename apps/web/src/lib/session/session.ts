import { DEFAULT_ROLE, roleFromTypeId } from '@esd/shared/access/access.rules';
import type { UserProfile } from '@esd/shared/auth/auth.schemas';
import { paths } from '../../config/paths';
import { API_BASE } from '../api-client';
import { getSafeRedirect } from '../safe-redirect';
import {
  type AuthProviderId,
  clearSession,
  getToken,
  getTokenExpiry,
  getUserInfo,
  setLanguage,
  setLoggedIn,
  setMustEnrol,
  setToken,
  setTokenExpiry,
  setUserInfo,
  setUserRole,
  type UserInfo,
} from '../storage';

const toUserInfo = (user: UserProfile, providerId: AuthProviderId): UserInfo => ({
  displayName: user.name,
  email: user.email,
  photoURL: user.photo_url,
  providerId,
  uid: String(user.id),
});

/** Spec 4: a successful login stores the flags; the user's language wins over the stored one. */
export const saveSession = (options: {
  user: UserProfile;
  token: string;
  providerId: AuthProviderId;
}) => {
  const { user, token, providerId } = options;
  setToken({ token, expiry: user.token_expired });
  setUserInfo(toUserInfo(user, providerId));
  setUserRole(roleFromTypeId(user.type_id) ?? DEFAULT_ROLE);
  setLanguage(user.lang);
  setMustEnrol(user.mfa_enrolment_required);
  setLoggedIn();
};

/** Keeps the stored user info and role in step with a fresh profile from the server. */
export const syncStoredProfile = (user: UserProfile) => {
  const providerId = getUserInfo()?.providerId ?? user.auth_provider;
  const next = toUserInfo(user, providerId);
  const current = getUserInfo();
  if (JSON.stringify(current) !== JSON.stringify(next)) setUserInfo(next);
  const role = roleFromTypeId(user.type_id);
  if (role) setUserRole(role);
  setMustEnrol(user.mfa_enrolment_required);
  if (getTokenExpiry() === undefined) setTokenExpiry(user.token_expired);
};

/** Spec 4: the page reloads after login, at the wanted page or at `/`. */
export const reloadAfterLogin = (to: string | null | undefined) => {
  window.location.assign(getSafeRedirect(to));
};

let isLoggingOut = false;

/** How long signing out waits for the server before it leaves the page anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * Ends the sign-in on the server (its token is refused from then on, on every process). The
 * request outlives the page (`keepalive`), and signing out waits for it at most
 * LOGOUT_WAIT_MS, so a slow or absent network never keeps anyone signed in on screen.
 */
const endServerSession = (token: string): Promise<void> => {
  try {
    const ended = fetch(`${API_BASE}/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    }).then(
      () => undefined,
      () => undefined,
    );
    const waited = new Promise<void>((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS));
    return Promise.race([ended, waited]);
  } catch {
    // no network at all: the token still ends with its sign-in's lifetime
    return Promise.resolve();
  }
};

/**
 * Spec 4: end the session on the server, clear flags, user info, role and token at once, then
 * go to /pages/login once the server has answered (or LOGOUT_WAIT_MS has passed).
 */
export const logout = async (): Promise<void> => {
  if (isLoggingOut) return;
  isLoggingOut = true;
  const token = getToken();
  // the server is told first (the request is on its way before the storage is cleared)
  const ended = token ? endServerSession(token) : Promise.resolve();
  clearSession();
  clearOidcUser();
  await ended;
  window.location.assign(paths.login.getHref());
};

// oidc-client-ts keeps its user under keys prefixed `oidc.` in sessionStorage (our userStore).
const clearOidcUser = () => {
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith('oidc.')) window.sessionStorage.removeItem(key);
    }
  } catch {
    // storage unavailable: nothing was kept
  }
};
