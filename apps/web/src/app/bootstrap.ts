import { configureApiClient } from '@/lib/api-client';
import { getUiLanguage, initI18n } from '@/lib/i18n/i18n';
import { logout } from '@/lib/session/session';
import { getToken, isLoggedIn, storeDefaults } from '@/lib/storage';
import { loadPageTranslation, loadStartupTranslation } from './i18n-resources';

/**
 * Start-up wiring that must run before the first render: the API client, and the stored
 * language's translations (the promise settles once they are loaded, so no key shows raw).
 */
export const bootstrap = async () => {
  storeDefaults();
  configureApiClient({
    getToken,
    getLanguage: getUiLanguage,
    shouldLogoutOnUnauthorized: isLoggedIn,
    onUnauthorized: logout,
  });
  await initI18n({ startup: loadStartupTranslation, pages: loadPageTranslation });
};
