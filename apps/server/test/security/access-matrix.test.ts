import type { Role } from '@esd/shared/access/access.rules';
import { API_KEY_SCOPES, type ApiKeyScope } from '@esd/shared/api-keys/api-keys.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../harness';
import { caller } from '../users-support';
import { expectedAccess } from './access-matrix.expected';
import { createScopeChecks, loadScopeWorld, type ScopeWorld } from './access-scope';
import { normalizeRoute, servedApiRoutes } from './served-routes';

type Who = Role | 'anonymous';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** gd, ld (AZ and GE), d (dealer@example.com) and u (its user@example.com): see access-scope.ts */
const callers: Who[] = ['anonymous', 'gd', 'ld', 'd', 'u'];

/** Path parameters that pass validation but name nothing: allowed calls find nothing to change. */
const NOTHING = '2000000000';
const sampleParams: Record<string, string> = {
  name: `${'0'.repeat(32)}.png`,
  quantity: '1',
  count: '1',
  sellType: '1',
  number: 'INV-2000-000001',
};
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => sampleParams[name] ?? NOTHING) +
  // the access decision is the same for both formats; CSV is the cheaper one to build
  (path.endsWith('/export') ? '?format=csv' : '');

/** Signing out ends the caller's session: that route is called with sign-ins of its own. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);
const EMAIL: Record<Role, string> = {
  gd: 'gd@example.com',
  ld: 'ld@example.com',
  d: 'dealer@example.com',
  u: 'user@example.com',
};

const routes = Object.entries(expectedAccess).sort(([a], [b]) => a.localeCompare(b));

describe.each(dbKinds)('[security][access matrix] every API route × every role on %s', (kind) => {
  let ctx: TestContext;
  const as = {} as Record<Who, ReturnType<typeof caller>>;
  let world: ScopeWorld;

  beforeAll(async () => {
    // every route is called with several keys: the per-key limit stays out of the way
    ctx = await createTestContext(kind, { env: { API_KEY_RATE_LIMIT_PER_MINUTE: '100000' } });
    world = await loadScopeWorld(ctx);
    as.anonymous = caller(ctx, null);
    Object.assign(as, { gd: world.as.gd, ld: world.as.ld, d: world.as.d, u: world.as.u });
  });

  /** The dealer's keys: one with every scope, and for each scope one with all the others. */
  const keys = {} as { all: ReturnType<typeof caller> } & Record<
    ApiKeyScope,
    ReturnType<typeof caller>
  >;
  const newKey = async (scopes: readonly ApiKeyScope[]) => {
    const created = await world.as.d.post('/api/dealer/api-keys', {
      name: `matrix ${scopes.join(' ')}`,
      scopes,
      expires_in_days: 30,
    });
    expect(created.statusCode, created.body).toBe(200);
    return caller(ctx, created.json().data.key as string);
  };
  beforeAll(async () => {
    keys.all = await newKey(API_KEY_SCOPES);
    for (const scope of API_KEY_SCOPES)
      keys[scope] = await newKey(API_KEY_SCOPES.filter((other) => other !== scope));
  });
  afterAll(async () => ctx?.close());

  it('has an expected entry for every served route and serves every entry', () => {
    const served = servedApiRoutes(ctx.app);
    const expected = Object.keys(expectedAccess).map(normalizeRoute).sort();
    expect(
      served.filter((route) => !expected.includes(route)),
      'served, not expected',
    ).toEqual([]);
    expect(
      expected.filter((route) => !served.includes(route)),
      'expected, not served',
    ).toEqual([]);
    // the router reading agrees with the OpenAPI document on every documented route
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${normalizeRoute(path)}`),
    );
    expect(documented.filter((route) => !served.includes(route))).toEqual([]);
    expect(documented.length).toBeGreaterThan(100);
  });

  it.each(routes)('%s answers each role as the specification says', async (route, expected) => {
    const [method, path] = route.split(' ') as [Method, string];
    const url = concrete(path);
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    for (const who of callers) {
      const signedIn =
        ENDS_SESSION.has(route) && who !== 'anonymous'
          ? caller(ctx, await ctx.login(EMAIL[who]))
          : as[who];
      const response = await signedIn.call(method, url, body);
      const label = `${who} ${method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`;
      const allowed =
        expected.who === 'anyone' || (who !== 'anonymous' && expected.who.includes(who));
      if (allowed) {
        // the access decision lets it through; made-up ids and bodies may still be refused
        expect([401, 403], label).not.toContain(response.statusCode);
        expect(response.statusCode, label).toBeLessThan(500);
      } else if (who === 'anonymous') {
        expect(response.statusCode, label).toBe(401);
        expect(response.json(), label).toMatchObject({
          code: 401,
          data: { error: 'UNAUTHORIZED' },
        });
      } else {
        expect(response.statusCode, label).toBe(403);
        expect(response.json(), label).toMatchObject({ code: 403, data: { error: 'FORBIDDEN' } });
      }
    }
  });

  it.each(routes)('%s answers a dealer’s API key as its scope says', async (route, expected) => {
    const [method, path] = route.split(' ') as [Method, string];
    const url = concrete(path);
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const scopeRefusal = (response: Awaited<ReturnType<typeof keys.all.call>>, label: string) => {
      expect(response.statusCode, label).toBe(403);
      expect(response.json(), label).toMatchObject({
        code: 403,
        data: { error: 'API_KEY_SCOPE', scope: expected.apiScope ?? null },
      });
    };
    const everyScope = await keys.all.call(method, url, body);
    const label = `key ${method} ${url}: ${everyScope.statusCode} ${everyScope.body.slice(0, 200)}`;
    if (!expected.apiScope) {
      scopeRefusal(everyScope, label);
      return;
    }
    // the key acts as its dealer: let through exactly where the dealer is
    const dealerAllowed = expected.who === 'anyone' || expected.who.includes('d');
    expect(dealerAllowed, `${route} names a scope but refuses dealers`).toBe(true);
    expect([401, 403], label).not.toContain(everyScope.statusCode);
    expect(everyScope.statusCode, label).toBeLessThan(500);
    // every scope but the one the route needs is not enough
    const without = await keys[expected.apiScope].call(method, url, body);
    scopeRefusal(without, `key without ${expected.apiScope} ${method} ${url}`);
  });

  describe('records of other dealers and countries', () => {
    const checks = createScopeChecks(() => world);

    it('has a scope check for every route the table marks as scoped', () => {
      const scoped = routes.filter(([, expected]) => expected.scoped).map(([route]) => route);
      expect(Object.keys(checks).sort()).toEqual(scoped.sort());
    });

    it.each(Object.keys(checks))('%s: refused, or shows nothing, outside the scope', (route) =>
      checks[route]!(),
    );
  });
});
