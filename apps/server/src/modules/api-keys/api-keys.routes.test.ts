/**
 * Issue 34, part 2: a dealer's API keys. Created, listed and revoked by the dealer signed in;
 * a key acts as its dealer within its scopes and never more; a revoked or expired key, or one of
 * a deactivated dealer, is refused on the very next request, whoever made the change.
 */
import { errorMessages, reasonMessages } from '@esd/shared/errors/error-messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { openOtherProcess } from '../../../test/other-process';
import { settableClock } from '../../../test/settable-clock';
import { apiKeys, auditLog, orders, users } from '../../db/schema';

const START = new Date('2031-03-01T08:00:00.000Z');
const DAY = 86_400_000;

describe.each(dbKinds)('[api keys] a dealer’s API keys on %s', (kind) => {
  let ctx: TestContext;
  const clock = settableClock(START);
  let dealer: Awaited<ReturnType<typeof as>>;
  let productId: number;

  /** how each answered request's session was made (`claims.provider`), by its URL */
  const providers = new Map<string, string | undefined>();

  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      clock,
      beforeReady: (app) =>
        app.addHook('onResponse', async (request) => {
          providers.set(request.url, request.session?.claims.provider);
        }),
    });
    dealer = await as(ctx, 'dealer@example.com');
    productId = await createProduct(ctx, { sku: 'APIKEY-KEYS' });
    await addKeys(ctx, productId, 20);
  }, 60_000);
  afterAll(async () => ctx?.close());

  const idOf = async (email: string) => {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };
  const createKey = async (
    who: { post: typeof dealer.post },
    body: object = { name: 'Shop', scopes: ['catalogue:read'], expires_in_days: 30 },
  ) => {
    const response = await who.post('/api/dealer/api-keys', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; key: string; prefix: string };
  };
  const withKey = (
    key: string,
    url: string,
    options: {
      method?: 'GET' | 'POST' | 'PUT';
      payload?: object;
      ip?: string;
      headers?: object;
    } = {},
  ) =>
    ctx.app.inject({
      method: options.method ?? 'GET',
      url,
      headers: { ...bearer(key), ...options.headers },
      ...(options.payload ? { payload: options.payload } : {}),
      remoteAddress: options.ip ?? '127.0.0.1',
    });

  it('creates a key shown once, lists it without the secret, revokes it, and audits both', async () => {
    clock.set(START);
    const response = await dealer.post('/api/dealer/api-keys', {
      name: '  Web shop  ',
      scopes: ['catalogue:read', 'orders:read'],
      expires_in_days: 90,
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json().data;
    expect(created).toMatchObject({
      name: 'Web shop',
      scopes: ['catalogue:read', 'orders:read'],
      status: 'active',
      created_at: START.toISOString(),
      expires_at: new Date(START.getTime() + 90 * DAY).toISOString(),
      revoked_at: null,
      last_used_at: null,
    });
    expect(created.key).toMatch(/^esd_[a-z2-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);

    // only the hash is stored: the secret appears nowhere in the row
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(13));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = (await dealer.get('/api/dealer/api-keys')).json().data;
    const mine = listed.find((k: { id: number }) => k.id === created.id);
    expect(mine).toMatchObject({ prefix: created.prefix, status: 'active' });
    expect(mine.key).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const revoked = await dealer.post(`/api/dealer/api-keys/${created.id}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({
      status: 'revoked',
      revoked_at: START.toISOString(),
    });
    const again = await dealer.post(`/api/dealer/api-keys/${created.id}/revoke`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().data.error).toBe('INVALID_STATE');

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'api_key'), eq(auditLog.entityId, created.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['api_key.create', 'api_key.revoke']);
    expect(entries.every((e) => e.actorId !== null)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(created.key.slice(13));
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = (await ctx.db.select().from(apiKeys)).length;
    for (const body of [
      { name: 'x', scopes: [], expires_in_days: 30 },
      { name: 'x', scopes: ['admin'], expires_in_days: 30 },
      { name: 'x', scopes: ['adobe', 'adobe'], expires_in_days: 30 },
      { name: 'x', scopes: ['adobe'], expires_in_days: 366 },
      { name: 'x', scopes: ['adobe'], expires_in_days: 7 },
      { name: '   ', scopes: ['adobe'], expires_in_days: 30 },
      { name: 'x', scopes: ['adobe'] },
    ]) {
      const response = await dealer.post('/api/dealer/api-keys', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().data.error).toBe('VALIDATION_FAILED');
    }
    expect((await ctx.db.select().from(apiKeys)).length).toBe(before);
  });

  it('a key’s session says it came by API key, where the dealer’s own sign-in says password', async () => {
    clock.set(START);
    const { key } = await createKey(dealer);
    expect((await withKey(key, '/api/products?page=1&perPage=1')).statusCode).toBe(200);
    expect(providers.get('/api/products?page=1&perPage=1')).toBe('api-key');
    expect((await dealer.get('/api/products?page=1&perPage=2')).statusCode).toBe(200);
    expect(providers.get('/api/products?page=1&perPage=2')).toBe('password');
    // a key renews no token and reads no profile: those read a sign-in's claims
    for (const url of ['/api/auth/refresh', '/api/auth/user']) {
      const refused = await withKey(key, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().data.error, url).toBe('API_KEY_SCOPE');
    }
  });

  it("a dealer revokes only its own keys: another dealer's id is 404 and the key still works", async () => {
    clock.set(START);
    const other = await as(ctx, 'dealer2@example.com');
    const { id, key } = await createKey(other);
    const response = await dealer.post(`/api/dealer/api-keys/${id}/revoke`, {});
    expect(response.statusCode).toBe(404);
    expect((await withKey(key, '/api/products')).statusCode).toBe(200);
    const listed = (await dealer.get('/api/dealer/api-keys')).json().data as { id: number }[];
    expect(listed.map((k) => k.id)).not.toContain(id);
  });

  it('end users and admins may not manage keys (403)', async () => {
    for (const email of ['user@example.com', 'gd@example.com', 'ld@example.com']) {
      const who = await as(ctx, email);
      expect((await who.get('/api/dealer/api-keys')).statusCode, email).toBe(403);
      expect(
        (
          await who.post('/api/dealer/api-keys', {
            name: 'x',
            scopes: ['adobe'],
            expires_in_days: 30,
          })
        ).statusCode,
        email,
      ).toBe(403);
    }
  });

  it('a key opens only the routes its scopes name, and never key management, profile or admin routes', async () => {
    clock.set(START);
    const { key } = await createKey(dealer, {
      name: 'Catalogue only',
      scopes: ['catalogue:read'],
      expires_in_days: 30,
    });
    expect((await withKey(key, '/api/products')).statusCode).toBe(200);
    expect((await withKey(key, '/api/categories')).statusCode).toBe(200);
    const refusals: [string, 'GET' | 'POST' | 'PUT', string | null, object?][] = [
      ['/api/orders', 'GET', 'orders:read'],
      ['/api/basket', 'GET', 'basket:write'],
      ['/api/getAdobeCustomerList', 'GET', 'adobe'],
      ['/api/dealer/api-keys', 'GET', null],
      [
        '/api/dealer/api-keys',
        'POST',
        null,
        { name: 'more', scopes: ['adobe'], expires_in_days: 30 },
      ],
      ['/api/auth/user', 'GET', null],
      ['/api/auth/refresh', 'GET', null],
      ['/api/profile/sessions', 'GET', null],
      ['/api/profile/password', 'POST', null, { current_password: 'demo1234', new_password: 'x' }],
      ['/api/auth/mfa', 'GET', null],
      ['/api/dealer/groups', 'GET', null],
      ['/api/settings/users', 'GET', null],
      ['/api/settings/countries', 'GET', null],
      ['/api/auth/login', 'POST', null, { email: 'dealer@example.com', password: 'demo1234' }],
    ];
    for (const [url, method, scope, payload] of refusals) {
      const response = await withKey(key, url, { method, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().data, `${method} ${url}`).toEqual({ error: 'API_KEY_SCOPE', scope });
    }
    // the words in the caller's language
    const ru = await withKey(key, '/api/orders', { headers: { 'accept-language': 'ru' } });
    expect(ru.json().message).toMatch(/API-ключ/);
  });

  it('a key acts as its dealer: it reads the dealer’s orders and never another dealer’s', async () => {
    clock.set(START);
    const { key } = await createKey(dealer, {
      name: 'Orders',
      scopes: ['orders:read'],
      expires_in_days: 30,
    });
    const dealerId = await idOf('dealer@example.com');
    const all = await ctx.db.select({ id: orders.id, dealerId: orders.dealerId }).from(orders);
    const own = all.filter((o) => o.dealerId === dealerId);
    const foreign = all.find((o) => o.dealerId !== dealerId);
    expect(own.length, 'the demo data holds orders of this dealer').toBeGreaterThan(0);
    expect(foreign, 'the demo data holds another dealer’s order').toBeDefined();

    const listed = await withKey(key, '/api/orders?perPage=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const page = listed.json().data as { items: { id: number; dealer: { id: number } }[] };
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((o) => o.dealer.id === dealerId)).toBe(true);

    const other = await withKey(key, `/api/orders/${foreign!.id}`);
    expect(other.statusCode).toBe(404);
    const otherKeys = await withKey(key, `/api/orders/${foreign!.id}/keys`);
    expect(otherKeys.statusCode).toBe(404);
    expect((await withKey(key, `/api/orders/${own[0]!.id}`)).statusCode).toBe(200);
  });

  it('a revoked key is refused on its next request, even revoked by another process', async () => {
    clock.set(START);
    const first = await createKey(dealer);
    expect((await withKey(first.key, '/api/products')).statusCode).toBe(200);
    await dealer.post(`/api/dealer/api-keys/${first.id}/revoke`, {});
    const refused = await withKey(first.key, '/api/products');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().data.error).toBe('UNAUTHORIZED');

    const second = await createKey(dealer);
    expect((await withKey(second.key, '/api/products')).statusCode).toBe(200);
    const other = await openOtherProcess(ctx);
    try {
      await other.run('update api_keys set revoked_at = now() where id = $1', [second.id]);
    } finally {
      await other.close();
    }
    expect((await withKey(second.key, '/api/products')).statusCode).toBe(401);
  });

  it('an expired key is refused, and a wrong secret with a real prefix too', async () => {
    clock.set(START);
    const { key } = await createKey(dealer);
    clock.set(new Date(START.getTime() + 30 * DAY - 1000));
    expect((await withKey(key, '/api/products')).statusCode).toBe(200);
    clock.set(new Date(START.getTime() + 30 * DAY));
    expect((await withKey(key, '/api/products')).statusCode).toBe(401);
    clock.set(START);
    const forged = `${key.slice(0, 13)}${'A'.repeat(43)}`;
    expect((await withKey(forged, '/api/products')).statusCode).toBe(401);
    expect((await withKey(`${key}x`, '/api/products')).statusCode).toBe(401);
    expect((await withKey('esd_nothing', '/api/products')).statusCode).toBe(401);
    // a key is read from the Authorization header only, never from the URL
    expect((await ctx.app.inject({ url: `/api/products?token=${key}` })).statusCode).toBe(401);
  });

  it('a refused key is told so in its language, not that a session ended', async () => {
    clock.set(START);
    for (const lang of ['en', 'ru', 'az'] as const) {
      const refused = await withKey('esd_nothing', '/api/products', {
        headers: { 'accept-language': lang },
      });
      expect(refused.statusCode).toBe(401);
      const body = refused.json();
      expect(body.data).toMatchObject({ error: 'UNAUTHORIZED', reason: 'api_key_invalid' });
      expect(body.message).toBe(reasonMessages[lang].api_key_invalid);
      expect(body.message).not.toBe(errorMessages[lang].UNAUTHORIZED);
    }
  });

  it('a deactivated dealer’s keys are refused at once, whoever deactivated it', async () => {
    clock.set(START);
    const dealer2 = await as(ctx, 'dealer2@example.com');
    const { key } = await createKey(dealer2);
    expect((await withKey(key, '/api/products')).statusCode).toBe(200);
    const id = await idOf('dealer2@example.com');
    const other = await openOtherProcess(ctx);
    try {
      // as another server process would: its change reaches this one through no cache
      await other.run('update users set is_active = false where id = $1', [id]);
      expect((await withKey(key, '/api/products')).statusCode).toBe(401);
      await other.run('update users set is_active = true where id = $1', [id]);
      expect((await withKey(key, '/api/products')).statusCode).toBe(200);
    } finally {
      await other.run('update users set is_active = true where id = $1', [id]);
      await other.close();
    }
  });

  it('records the last use (time and address) at most once a minute', async () => {
    clock.set(START);
    const { id, key } = await createKey(dealer);
    const lastUse = async () => {
      const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
      return { at: row!.lastUsedAt?.toISOString() ?? null, ip: row!.lastUsedIp };
    };
    expect(await lastUse()).toEqual({ at: null, ip: null });
    await withKey(key, '/api/products', { ip: '192.0.2.7' });
    expect(await lastUse()).toEqual({ at: START.toISOString(), ip: '192.0.2.7' });
    clock.set(new Date(START.getTime() + 30_000));
    await withKey(key, '/api/products', { ip: '198.51.100.9' });
    expect(await lastUse()).toEqual({ at: START.toISOString(), ip: '192.0.2.7' });
    const later = new Date(START.getTime() + 61_000);
    clock.set(later);
    await withKey(key, '/api/products', { ip: '198.51.100.9' });
    expect(await lastUse()).toEqual({ at: later.toISOString(), ip: '198.51.100.9' });
    const listed = (await dealer.get('/api/dealer/api-keys')).json().data;
    expect(listed.find((k: { id: number }) => k.id === id)).toMatchObject({
      last_used_at: later.toISOString(),
      last_used_ip: '198.51.100.9',
    });
  });

  it('checkout by key keeps the review binding and the Idempotency-Key', async () => {
    clock.set(START);
    const { key } = await createKey(dealer, {
      name: 'Checkout',
      scopes: ['basket:write', 'orders:read'],
      expires_in_days: 30,
    });
    const dealerId = await idOf('dealer@example.com');
    const ordersOfDealer = async () =>
      (await ctx.db.select().from(orders).where(eq(orders.buyerId, dealerId))).length;

    const added = await withKey(key, `/api/basket/add/${productId}/2/2`);
    expect(added.statusCode, added.body).toBe(200);
    const review = await withKey(key, '/api/checkout?sell_type=2');
    expect(review.statusCode, review.body).toBe(200);
    const quote = review.json().data.quote as string;

    // the price moves under the review: 409 PRICE_CHANGED, nothing ordered
    const before = await ordersOfDealer();
    // a dealer buys at the product's dealer price: an admin moves it
    const gd = await as(ctx, 'gd@example.com');
    const product = (await gd.get(`/api/settings/products/${productId}`)).json().data;
    const moved = await gd.put(`/api/settings/products/${productId}`, {
      ...product,
      dealer_price: '111.00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await withKey(key, '/api/checkout', {
      method: 'POST',
      payload: { sell_type: 2, quote },
      headers: { 'idempotency-key': 'apikey-checkout-1' },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().data.error).toBe('PRICE_CHANGED');
    expect(await ordersOfDealer()).toBe(before);

    // the new review, placed twice with one Idempotency-Key: one order
    const fresh = refused.json().data.review.quote as string;
    const place = () =>
      withKey(key, '/api/checkout', {
        method: 'POST',
        payload: { sell_type: 2, quote: fresh },
        headers: { 'idempotency-key': 'apikey-checkout-2' },
      });
    const placed = await place();
    expect(placed.statusCode, placed.body).toBe(200);
    const replay = await place();
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.id).toBe(placed.json().data.id);
    expect(await ordersOfDealer()).toBe(before + 1);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.json().data.id));
    expect(order).toMatchObject({ buyerId: dealerId, dealerId });
    expect((await withKey(key, `/api/orders/${order!.id}`)).statusCode).toBe(200);
  });
});
