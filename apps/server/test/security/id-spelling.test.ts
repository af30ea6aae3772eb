import type { Role } from '@esd/shared/access/access.rules';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../harness';
import { type FuzzRoute, routesFromOpenApi } from './fuzz-inputs';

/**
 * Issue 32: an id in a path or a query is written with decimal digits only. `0x61`, `9.7e1`,
 * ` 97` and `+97` were read as 97; now each is a 400 naming the field, on every route that takes
 * an id (found in the OpenAPI document, so a new route is covered without a line here).
 */

const accounts: Record<Role, string> = {
  gd: 'gd@example.com',
  d: 'dealer@example.com',
  ld: 'ld@example.com',
  u: 'user@example.com',
};

const OTHER_SPELLINGS = ['0x61', '9.7e1', ' 97', '+97', '97.0', '0b1100001', '٩٧'];

const isIdName = (name: string) => /^(id|\w+Id|\w+_id)$/.test(name);

describe.each(dbKinds)('[security][ids] one spelling per id, digits only, on %s', (kind) => {
  let ctx: TestContext;
  let routes: FuzzRoute[];
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    for (const [role, email] of Object.entries(accounts))
      tokens[role as Role] = await ctx.login(email);
    // GET routes only: a refusal must come from the id, not from a body or a side effect
    routes = routesFromOpenApi(ctx.app.swagger()).filter(
      (r) =>
        r.method === 'GET' &&
        r.path.startsWith('/api/') &&
        [...r.params, ...r.query].some((p) => isIdName(p.name)),
    );
  });
  afterAll(async () => ctx?.close());

  const urlOf = (route: FuzzRoute, field: string, value: string) => {
    const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(name === field ? value : '1'),
    );
    const isQuery = route.query.some((p) => p.name === field);
    return isQuery ? `${path}?${field}=${encodeURIComponent(value)}` : path;
  };

  it('answers 400 naming the field for 0x61, 9.7e1, " 97", +97 and the like', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const field of [...route.params, ...route.query].map((p) => p.name).filter(isIdName)) {
        // the first role the route lets in with a plain id
        let role: Role = 'gd';
        for (const candidate of ['gd', 'd', 'ld', 'u'] as const) {
          const probe = await ctx.app.inject({
            method: 'GET' as InjectOptions['method'],
            url: urlOf(route, field, '1'),
            headers: bearer(tokens[candidate]),
          });
          if (probe.statusCode !== 403) {
            role = candidate;
            break;
          }
        }
        for (const value of OTHER_SPELLINGS) {
          sent++;
          const response = await ctx.app.inject({
            url: urlOf(route, field, value),
            headers: bearer(tokens[role]),
          });
          const named = response.body.includes(field);
          if (response.statusCode !== 400 || !named)
            failures.push(
              `GET ${route.path} ${field}=${JSON.stringify(value)} as ${role}: ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
        }
      }
    }
    expect(routes.length).toBeGreaterThan(15);
    expect(sent).toBeGreaterThan(100);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);

  it('still reads an id written in digits, leading zeros included', async () => {
    const order = await ctx.app.inject({
      url: '/api/settings/partner-applications/0000001',
      headers: bearer(tokens.gd),
    });
    expect(order.statusCode).not.toBe(400);
    const list = await ctx.app.inject({ url: '/api/orders?id=97', headers: bearer(tokens.gd) });
    expect(list.statusCode).toBe(200);
  });
});
