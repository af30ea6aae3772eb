import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { licenceKeys } from '../../db/schema';

const METRICS_TOKEN = 'scraper-token-0123456789abcdef';

/** The value of one sample line of the Prometheus text, e.g. `esd_licence_keys{…status="available"}`. */
const sample = (text: string, name: string, labels: Record<string, string> = {}) => {
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith(`${name}{`) &&
        Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe.each(dbKinds)('[health] liveness, readiness and metrics on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { METRICS_TOKEN } });
  });
  afterAll(async () => ctx?.close());

  it('tells anyone only up or down; the details to the scraper and a global admin (issue 32)', async () => {
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
    expect(health.json().data).toEqual({ status: 'ok' });
    expect(health.body).not.toContain(kind);
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ready' });
    const dealer = bearer(await ctx.login('dealer@example.com'));
    expect((await ctx.app.inject({ url: '/api/ready', headers: dealer })).json().data).toEqual({
      status: 'ready',
    });
    for (const headers of [bearer(METRICS_TOKEN), bearer(await ctx.login('gd@example.com'))]) {
      const detailed = await ctx.app.inject({ url: '/api/health', headers });
      expect(detailed.json().data).toEqual({ status: 'ok', database: kind });
      const readyDetailed = await ctx.app.inject({ url: '/api/ready', headers });
      expect(readyDetailed.json().data).toEqual({
        status: 'ready',
        database: kind,
        jobs: 'ok',
        dead_letters: 0,
      });
    }
  });

  it('serves metrics only to the scraper token or a global admin', async () => {
    const anonymous = await ctx.app.inject({ url: '/api/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().data.error).toBe('UNAUTHORIZED');
    const wrong = await ctx.app.inject({
      url: '/api/metrics',
      headers: bearer('scraper-token-0123456789abcdeX'),
    });
    expect(wrong.statusCode).toBe(401);
    const dealer = await ctx.app.inject({
      url: '/api/metrics',
      headers: bearer(await ctx.login('dealer@example.com')),
    });
    expect(dealer.statusCode).toBe(403);
    const admin = await ctx.app.inject({
      url: '/api/metrics',
      headers: bearer(await ctx.login('gd@example.com')),
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toContain('text/plain');
  });

  it('measures requests by route template and reads stock and queues from the database', async () => {
    const token = await ctx.login('dealer@example.com');
    const products = await ctx.app.inject({ url: `/api/products?token=${token}` });
    expect(products.statusCode).toBe(200);
    const missing = await ctx.app.inject({ url: '/api/orders/876543219', headers: bearer(token) });
    expect(missing.statusCode).toBe(404);

    const metrics = await ctx.app.inject({ url: '/api/metrics', headers: bearer(METRICS_TOKEN) });
    expect(metrics.statusCode).toBe(200);
    const text = metrics.body;
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/products',
        status_code: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/orders/:id',
        status_code: '404',
      }),
    ).toBe(1);
    // labels are templates: neither the token nor a record id leaks into them
    expect(text).not.toContain(token);
    expect(text).not.toContain('/api/orders/876543219');

    const [stock] = await ctx.db
      .select({ available: count() })
      .from(licenceKeys)
      .where(eq(licenceKeys.status, 'available'));
    const available = stock?.available ?? 0;
    expect(available).toBeGreaterThan(0);
    expect(sample(text, 'esd_licence_keys', { status: 'available' })).toBe(available);
    // the demo keeps one key-stock product out of stock
    expect(sample(text, 'esd_key_stock_products_empty')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('esd_order_items_waiting');
    expect(text).toContain('esd_job_queue_jobs');
    expect(sample(text, 'esd_job_dead_letters', { queue: 'order-mail' })).toBe(0);
    expect(text).toContain('process_cpu_seconds_total');
  });
});
