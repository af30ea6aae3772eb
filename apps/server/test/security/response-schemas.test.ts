import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness';

/**
 * The web app does not parse answers again (lib/api-client.ts): it trusts that the server checked
 * every JSON answer against the route's response schema before sending it. This holds only if
 * every route that answers JSON declares one, for its successful status.
 */
/** Answer files, not JSON (downloads, spreadsheets, images). */
const fileRoutes = [
  'GET /api/files/avatars/{name}',
  'GET /api/files/events/{name}',
  'GET /api/files/news/{name}',
  'GET /api/files/prizes/{name}',
  'GET /api/files/products/{name}',
  'GET /api/library/{id}/download',
  'GET /api/orders/export',
  'GET /api/orders/{id}/keys',
  'GET /api/statistics/adobe/export',
  'GET /api/orders/{id}/invoice',
  'GET /api/orders/{id}/documents/{number}',
  'GET /api/statistics/distribution/export',
  'GET /api/statistics/quarter/export',
  'GET /api/statistics/weekly/export',
];
/** Never succeed: spec 5 makes a sales target permanent once added (always 409). */
const refusingRoutes = [
  'DELETE /api/settings/targets/{id}',
  'PATCH /api/settings/targets/{id}',
  'PUT /api/settings/targets/{id}',
];

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('[security] response schemas', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { seed: false });
  });
  afterAll(async () => ctx?.close());

  it('every documented JSON route declares the schema of its successful answer', () => {
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const ok = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status));
        const schema = ok?.[1].content?.['application/json']?.schema;
        const route = `${method.toUpperCase()} ${path}`;
        if (schema) checked++;
        else if (!fileRoutes.includes(route) && !refusingRoutes.includes(route))
          missing.push(route);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });
});
