import type { ProductInput } from '@esd/shared/catalogue/settings.schemas';
import { licenceKeys } from '../src/db/schema';
import { bearer, type TestContext } from './harness';

export const productInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  sku: `TEST-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
  title: {
    en: 'Test Suite Pro — 1 year',
    ru: 'Тестовый пакет Pro — 1 год',
    az: 'Test paketi Pro — 1 il',
  },
  description: { en: 'For tests.', ru: 'Для тестов.', az: 'Testlər üçün.' },
  requirements: { en: '', ru: '', az: '' },
  installation: { en: '', ru: '', az: '' },
  category_id: 1,
  provider_id: 1,
  dealer_price: '100.00',
  unit_price: '120.00',
  royalty: '0.00',
  bonus: '0.00',
  points: 5,
  delivery_time: { en: 'Instant', ru: 'Мгновенно', az: 'Dərhal' },
  operating_systems: { en: 'Windows 11', ru: 'Windows 11', az: 'Windows 11' },
  licence_type: { en: 'Subscription (1 year)', ru: 'Подписка (1 год)', az: 'Abunə (1 il)' },
  users_count: 1,
  devices_count: null,
  is_returnable: true,
  is_active: true,
  ...overrides,
});

/** Creates a product through the admin API and returns its id. */
export const createProduct = async (ctx: TestContext, overrides: Partial<ProductInput> = {}) => {
  const token = await ctx.login('gd@example.com');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/settings/products',
    headers: bearer(token),
    payload: productInput(overrides),
  });
  if (response.statusCode !== 200) throw new Error(`create product: ${response.body}`);
  return response.json().data.id as number;
};

/** An authenticated GET/POST/PUT/DELETE helper for one account. */
export const as = async (ctx: TestContext, email: string) => {
  const token = await ctx.login(email);
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload ? { payload } : {}),
    });
  return {
    token,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: object, headers?: Record<string, string>) =>
      call('POST', url, payload, headers),
    put: (url: string, payload: object) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
};

/** Puts `count` new keys of a product into stock, straight into the table. */
export const addKeys = async (ctx: TestContext, productId: number, count: number, prefix = 'K') => {
  const keys = Array.from({ length: count }, (_, i) => ({
    productId,
    key: `${prefix}-${productId}-${i}-${Math.random().toString(36).slice(2, 8)}`,
  }));
  for (let i = 0; i < keys.length; i += 1000)
    await ctx.db.insert(licenceKeys).values(keys.slice(i, i + 1000));
  return keys.map((k) => k.key);
};

/** Delivery details a dealer gives with a prize claim (they pass the shared claim schema). */
export const prizeClaimBody = {
  contact_name: 'Kamran Aliyev',
  phone: '+994 12 555 12 34',
  address: '28 May street 5, apt. 12, Baku AZ1010',
};
