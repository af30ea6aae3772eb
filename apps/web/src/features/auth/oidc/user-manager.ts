import type { OidcConfig } from '@esd/shared/auth/auth.schemas';
import type { UserManager } from 'oidc-client-ts';

let cached: { key: string; manager: Promise<UserManager> } | undefined;

/**
 * oidc-client-ts is loaded on demand: only single sign-on users pay for it.
 * Authorization code + PKCE, redirect to /callback, silent renew through silent-renew.html.
 */
export const getUserManager = (config: OidcConfig): Promise<UserManager> => {
  const { issuer, client_id: clientId, scope } = config;
  if (!config.enabled || !issuer || !clientId) {
    return Promise.reject(new Error('Single sign-on is not configured'));
  }
  const key = `${issuer} ${clientId} ${scope}`;
  if (cached?.key !== key) {
    const origin = window.location.origin;
    const manager = import('oidc-client-ts').then(
      ({ UserManager: Manager, WebStorageStateStore }) =>
        new Manager({
          authority: issuer,
          client_id: clientId,
          redirect_uri: `${origin}/callback`,
          silent_redirect_uri: `${origin}/silent-renew.html`,
          response_type: 'code',
          scope,
          userStore: new WebStorageStateStore({ store: window.sessionStorage }),
          // our own token is refreshed by the session keeper; renewal runs once at start
          automaticSilentRenew: false,
        }),
    );
    cached = { key, manager };
  }
  return cached.manager;
};

/** The error code of a provider answer (for example access_denied), else the message. */
export const describeOidcError = (error: unknown): string => {
  if (error && typeof error === 'object') {
    const { error: code, message } = error as { error?: unknown; message?: unknown };
    if (typeof code === 'string' && code) return code;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
};
