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
  mfa_enabled: false,
  mfa_enrolment_required: false,
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

  it('logout clears the session keys only and goes to /pages/login', async () => {
    saveSession({ user, token: 'jwt-token', providerId: 'oidc' });
    local.setItem('itemsPerPage', '25');
    await logout();
    expect(local.snapshot()).toEqual({ lang: 'az', itemsPerPage: '25' });
    expect(assign).toHaveBeenCalledWith('/pages/login');
  });

  it('logout ends the session on the server before it leaves the page', async () => {
    vi.resetModules();
    const fresh = await import('./session');
    fresh.saveSession({ user, token: 'jwt-token', providerId: 'password' });
    let answer: (r: Response) => void = () => {};
    let tokenWhenSent: string | null = null;
    const fetchMock = vi.fn(() => {
      tokenWhenSent = local.getItem('token');
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    vi.stubGlobal('fetch', fetchMock);
    const done = fresh.logout();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: 'Bearer jwt-token' },
      keepalive: true,
    });
    // the server is told before the storage is cleared
    expect(tokenWhenSent).toBe('jwt-token');
    expect(local.snapshot()).toEqual({ lang: 'az' });
    await Promise.resolve();
    expect(assign).not.toHaveBeenCalled();
    answer(new Response(null, { status: 200 }));
    await done;
    expect(assign).toHaveBeenCalledWith('/pages/login');
  });

  it('logout leaves after 3 s when the server does not answer', async () => {
    vi.resetModules();
    vi.useFakeTimers();
    try {
      const fresh = await import('./session');
      fresh.saveSession({ user, token: 'jwt-token', providerId: 'password' });
      vi.stubGlobal(
        'fetch',
        vi.fn(() => new Promise<Response>(() => {})),
      );
      const done = fresh.logout();
      await vi.advanceTimersByTimeAsync(2999);
      expect(assign).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(assign).toHaveBeenCalledWith('/pages/login');
    } finally {
      vi.useRealTimers();
    }
  });
});
