import { DEFAULT_ROLE, isRole, type Role } from '@esd/shared/access/access.rules';
import {
  DEFAULT_ITEMS_PER_PAGE,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
} from '@esd/shared/constants';

/** The browser-side keys of spec 3 ("Stored in the browser"); names are part of the contract. */
export const storageKeys = {
  loggedIn: 'loggedIn',
  tokenExpiry: 'tokenExpiry',
  userInfo: 'userInfo',
  userRole: 'userRole',
  token: 'token',
  lang: 'lang',
  itemsPerPage: 'itemsPerPage',
  /** ours, not spec 3's: the shopper's last "Pay by" choice (1 cash, 2 credit) */
  sellType: 'sellType',
  /** ours: the account must set up a second factor before anything else (MFA_REQUIRED_ROLES) */
  mustEnrol: 'mustEnrol',
} as const;

export type AuthProviderId = 'password' | 'oidc' | 'passkey';

export type UserInfo = {
  displayName: string;
  email: string;
  photoURL: string | null;
  providerId: AuthProviderId;
  uid: string;
};

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets React re-read stored values (user info, language...) after this tab writes them. */
export const subscribeToStorage = (listener: Listener) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === window.localStorage) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const emit = () => {
  for (const listener of listeners) listener();
};

// Storage can throw (disabled cookies, private mode quotas): the app must still start.
const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null) => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // nothing to do: the value lives for this page only
  }
};

export const isLoggedIn = () => read(storageKeys.loggedIn) === 'true';

export const getToken = () => read(storageKeys.token);

export const getTokenExpiry = (): number | undefined => {
  const value = Number(read(storageKeys.tokenExpiry));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

export const getUserRole = (): Role => {
  const value = read(storageKeys.userRole);
  return isRole(value) ? value : DEFAULT_ROLE;
};

export const getLanguage = (): Language => {
  const value = read(storageKeys.lang);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
};

export const getItemsPerPage = (): number => {
  const value = Number(read(storageKeys.itemsPerPage));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_ITEMS_PER_PAGE;
};

export const getStoredSellType = (): number | undefined => {
  const value = Number(read(storageKeys.sellType));
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

let userInfoCache: { raw: string | null; value: UserInfo | null } = { raw: null, value: null };

/** Returns the same object while the stored JSON is unchanged (safe for useSyncExternalStore). */
export const getUserInfo = (): UserInfo | null => {
  const raw = read(storageKeys.userInfo);
  if (raw === userInfoCache.raw) return userInfoCache.value;
  let value: UserInfo | null = null;
  try {
    value = raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    value = null;
  }
  userInfoCache = { raw, value };
  return value;
};

export const setLanguage = (lang: Language) => {
  write(storageKeys.lang, lang);
  emit();
};

export const setItemsPerPage = (value: number) => {
  write(storageKeys.itemsPerPage, String(value));
  emit();
};

export const setStoredSellType = (value: number) => {
  write(storageKeys.sellType, String(value));
  emit();
};

export const setToken = ({ token, expiry }: { token: string; expiry: number }) => {
  write(storageKeys.token, token);
  write(storageKeys.tokenExpiry, String(expiry));
};

export const setTokenExpiry = (expiry: number) => write(storageKeys.tokenExpiry, String(expiry));

export const setUserRole = (role: Role) => {
  write(storageKeys.userRole, role);
  emit();
};

export const setUserInfo = (info: UserInfo) => {
  write(storageKeys.userInfo, JSON.stringify(info));
  emit();
};

export const setLoggedIn = () => write(storageKeys.loggedIn, 'true');

export const mustEnrol = () => read(storageKeys.mustEnrol) === 'true';
export const setMustEnrol = (value: boolean) => write(storageKeys.mustEnrol, value ? 'true' : null);

/** Spec 3 and 9: `lang` and `itemsPerPage` are kept in the browser from the first visit on. */
export const storeDefaults = () => {
  if (read(storageKeys.lang) === null) write(storageKeys.lang, getLanguage());
  if (read(storageKeys.itemsPerPage) === null) {
    write(storageKeys.itemsPerPage, String(getItemsPerPage()));
  }
};

/** Spec 4: logout clears the flags, user info, role and token (lang and itemsPerPage stay). */
export const clearSession = () => {
  for (const key of [
    'loggedIn',
    'userInfo',
    'userRole',
    'token',
    'tokenExpiry',
    'mustEnrol',
  ] as const) {
    write(storageKeys[key], null);
  }
  emit();
};
