import { configureApiClient } from '@/lib/api-client';
import { getUiLanguage, initI18n } from '@/lib/i18n/i18n';
import { linkLanguage } from '@/lib/i18n/link-language';
import { logout } from '@/lib/session/session';
import { getToken, isLoggedIn, setLanguage, storeDefaults } from '@/lib/storage';
import { loadPageTranslation, loadStartupTranslation } from './i18n-resources';

/**
 * A link from a mail names the language the mail was written in (`?lang=`): the app takes it
 * as the interface language and keeps it (spec 3's stored `lang`), and the address loses the
 * parameter before the router reads it. Signing in still gives the account's own language.
 */
const adoptLinkLanguage = () => {
  const named = linkLanguage(window.location.search);
  if (!named) return;
  setLanguage(named.lang);
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${named.search}${hash}`);
};

/**
 * Start-up wiring that must run before the first render: the API client, and the stored
 * language's translations (the promise settles once they are loaded, so no key shows raw).
 */
export const bootstrap = async () => {
  adoptLinkLanguage();
  storeDefaults();
  configureApiClient({
    getToken,
    getLanguage: getUiLanguage,
    shouldLogoutOnUnauthorized: isLoggedIn,
    onUnauthorized: logout,
  });
  await initI18n({ startup: loadStartupTranslation, pages: loadPageTranslation });
};
