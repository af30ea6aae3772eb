import type { UserProfile } from '@esd/shared/auth/auth.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getItemsPerPage, getLanguage, getUserRole, storeDefaults } from '../storage';
import { logout, saveSession } from './session';

class MemoryStorage {
  #items = new Map<string, string>();
  getItem = (key: string) => this.#items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.#items.set(key, String(value));
  removeItem = (key: string) => void this.#items.delete(key);
  snapshot = () => Object.fromEntries(this.#items);
}

const user: UserProfile = {
  id: 3,
  email: 'dealer@example.com',
  name: 'Dealer LLC',
  type_id: 3,
  lang: 'az',
  photo_url: '/api/files/avatars/3.png',
  limit: '5000.00',
  token_expired: 1_900_000_000,
  need_azn_cash: false,
  need_azn_credit: false,
  has_adobe_account: true,
  country_id: 1,
  dealer_id: null,
  auth_provider: 'password',
};

describe('browser session (spec 3, 4)', () => {
  let local: MemoryStorage;
  const assign = vi.fn();

  beforeEach(() => {
    local = new MemoryStorage();
    vi.stubGlobal('window', {
      localStorage: local,
      sessionStorage: new MemoryStorage(),
      location: { assign },
      addEventListener: () => {},
      removeEventListener: () => {},
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('defaults: role gd, language en, 10 items per page, and keeps lang and itemsPerPage', () => {
    expect(getUserRole()).toBe('gd');
    expect(getLanguage()).toBe('en');
    expect(getItemsPerPage()).toBe(10);
    storeDefaults();
    expect(local.snapshot()).toEqual({ lang: 'en', itemsPerPage: '10' });
  });

  it('stores exactly the keys of spec 3 after login; the user language wins', () => {
    local.setItem('lang', 'ru');
    saveSession({ user, token: 'jwt-token', providerId: 'password' });
    expect(local.snapshot()).toEqual({
      loggedIn: 'true',
      token: 'jwt-token',
      tokenExpiry: '1900000000',
      userRole: 'd',
      lang: 'az',
      userInfo: JSON.stringify({
        displayName: 'Dealer LLC',
        email: 'dealer@example.com',
        photoURL: '/api/files/avatars/3.png',
        providerId: 'password',
        uid: '3',
      }),
    });
  });

  it('logout clears the session keys only and goes to /pages/login', () => {
    saveSession({ user, token: 'jwt-token', providerId: 'oidc' });
    local.setItem('itemsPerPage', '25');
    logout();
    expect(local.snapshot()).toEqual({ lang: 'az', itemsPerPage: '25' });
    expect(assign).toHaveBeenCalledWith('/pages/login');
  });
});
