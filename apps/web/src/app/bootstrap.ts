import { configureApiClient } from '@/lib/api-client';
import { getUiLanguage, initI18n } from '@/lib/i18n/i18n';
import { logout } from '@/lib/session/session';
import { getToken, isLoggedIn, storeDefaults } from '@/lib/storage';
import { resources } from './i18n-resources';

/** Start-up wiring that must run before the first render: translations and the API client. */
export const bootstrap = () => {
  storeDefaults();
  initI18n(resources);
  configureApiClient({
    getToken,
    getLanguage: getUiLanguage,
    shouldLogoutOnUnauthorized: isLoggedIn,
    onUnauthorized: logout,
  });
};
