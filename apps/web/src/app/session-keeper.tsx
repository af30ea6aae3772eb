import { useEffect } from 'react';
import { refreshToken } from '@/features/auth/api/refresh-token';
import { renewOidcSession } from '@/features/auth/oidc/oidc-session';
import { getUser, userQueryOptions } from '@/features/profile/api/get-user';
import { isApiError } from '@/lib/api-error';
import { ProfilePoller } from '@/lib/session/profile-poller';
import { logout, syncStoredProfile } from '@/lib/session/session';
import { TokenRefresher } from '@/lib/session/token-refresher';
import { getTokenExpiry, getUserInfo, setToken, storageKeys } from '@/lib/storage';
import { queryClient } from './query-client';

// One of each per page, outside React: remounts (StrictMode, layout changes) must never
// start a second refresh or a second poll while one is in flight.
const refresher = new TokenRefresher({
  getExpiry: getTokenExpiry,
  refresh: refreshToken,
  onRefreshed: ({ token, token_expired }) => setToken({ token, expiry: token_expired }),
  onFailed: (error) => console.warn('Token refresh failed; will try again', error),
});

const poller = new ProfilePoller({
  fetchProfile: () => getUser({ onUnauthorized: 'ignore' }),
  onProfile: (user) => {
    queryClient.setQueryData(userQueryOptions().queryKey, user);
    syncStoredProfile(user);
  },
  onUnauthorized: logout,
  isUnauthorized: (error) => isApiError(error) && error.isUnauthorized,
});

let hasStarted = false;

const renewOidcOnce = () => {
  if (getUserInfo()?.providerId !== 'oidc') return;
  renewOidcSession().catch((error: unknown) => console.error('Silent renewal failed', error));
};

/**
 * Runs while signed in (spec 4, 7, 8): token expiry checked at start and every 60 s with one
 * refresh in flight; profile polled every 60 s (401 → logout); silent SSO renewal at start.
 */
export const SessionKeeper = () => {
  useEffect(() => {
    if (!hasStarted) {
      hasStarted = true;
      renewOidcOnce();
    }
    refresher.start();
    poller.start({ immediate: true });
    return () => {
      refresher.stop();
      poller.stop();
    };
  }, []);

  // Signed out in another tab: follow it here instead of failing call by call.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === storageKeys.loggedIn && event.newValue !== 'true') logout();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return null;
};
