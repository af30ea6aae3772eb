import type { Role } from '@esd/shared/access/access.rules';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { caller, userId } from '../../../test/users-support';
import { users } from '../../db/schema';

type Caller = ReturnType<typeof caller>;
type Method = 'GET' | 'POST' | 'PATCH';
type Managers = Exclude<Role, 'u'>;

/**
 * How one route is proven: `call` with an account the caller manages must succeed;
 * `outside` is tried by ld and d with a record of another country's dealer (ld) or another
 * dealer's user (d) and must be refused or show nothing of it.
 */
type RouteCase = {
  rule: 'allWithoutUser' | 'globalDistrict';
  call: (as: Caller, id: number) => Promise<LightMyRequestResponse>;
  outside?: (as: Caller, outsideId: number, role: 'ld' | 'd') => Promise<void>;
  /**
   * The call changes its target's state (deactivated, its password reset): the test spends
   * targets of its own, so no other route's test finds one of them changed. `inactive`: they
   * are deactivated first; `withFactor`: they have a second factor (as if enrolled).
   */
  ownTargets?: 'active' | 'inactive' | 'withFactor';
};

const bodyFor = (method: Method) => (method === 'GET' ? undefined : {});

const refusedAsMissing = async (response: Promise<LightMyRequestResponse>) =>
  expect((await response).json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });

const idsIn = (response: LightMyRequestResponse, key = 'items') =>
  (response.json().data[key] as { id: number }[]).map((row) => row.id);

/** Every users and audit route: a new route without an entry here fails the first test. */
const routes: Record<string, RouteCase> = {
  'GET /api/settings/users': {
    rule: 'allWithoutUser',
    call: (as) => as.get('/api/settings/users?perPage=100'),
    outside: async (as, outsideId) => {
      expect(idsIn(await as.get('/api/settings/users?perPage=100'))).not.toContain(outsideId);
      expect(idsIn(await as.get(`/api/settings/users?dealer_id=${outsideId}`))).toEqual([]);
    },
  },
  'GET /api/settings/users/options': {
    rule: 'allWithoutUser',
    call: (as) => as.get('/api/settings/users/options'),
    outside: async (as, outsideId, role) => {
      const options = await as.get(`/api/settings/users/options?dealer_id=${outsideId}`);
      if (role === 'ld') {
        expect(options.json().data.user_groups).toEqual([]);
        expect(idsIn(options, 'dealers')).not.toContain(outsideId);
      } else {
        // a dealer is only ever offered itself and its own groups, whatever it asks for
        const own = await as.get('/api/settings/users/options');
        expect(options.json().data).toEqual(own.json().data);
        expect(idsIn(own, 'dealers')).toHaveLength(1);
      }
    },
  },
  'GET /api/settings/users/{id}': {
    rule: 'allWithoutUser',
    call: (as, id) => as.get(`/api/settings/users/${id}`),
    outside: (as, id) => refusedAsMissing(as.get(`/api/settings/users/${id}`)),
  },
  'POST /api/settings/users': {
    rule: 'allWithoutUser',
    call: (as) =>
      as.post('/api/settings/users', {
        name: 'Access Probe',
        email: `probe-${Math.random().toString(36).slice(2)}@example.com`,
        type_id: 4,
        ...(as.token === probeTokens.d ? {} : { dealer_id: probeDealer.id }),
      }),
    outside: async (as, outsideId, role) => {
      // ld: a user under another country's dealer; d: a user under another dealer
      const dealerId = role === 'ld' ? outsideId : probeDealer.otherId;
      const response = await as.post('/api/settings/users', {
        name: 'Access Probe',
        email: `probe-out-${role}@example.com`,
        type_id: 4,
        dealer_id: dealerId,
      });
      expect([400, 403]).toContain(response.statusCode);
      expect(['dealer_invalid', 'field_not_allowed']).toContain(response.json().data.reason);
    },
  },
  'PATCH /api/settings/users/{id}': {
    rule: 'allWithoutUser',
    call: (as, id) => as.patch(`/api/settings/users/${id}`, { name: 'Access Target' }),
    outside: (as, id) => refusedAsMissing(as.patch(`/api/settings/users/${id}`, { name: 'X' })),
  },
  'POST /api/settings/users/{id}/deactivate': {
    rule: 'allWithoutUser',
    ownTargets: 'active',
    call: (as, id) => as.post(`/api/settings/users/${id}/deactivate`),
    outside: (as, id) => refusedAsMissing(as.post(`/api/settings/users/${id}/deactivate`)),
  },
  'POST /api/settings/users/{id}/activate': {
    rule: 'allWithoutUser',
    ownTargets: 'inactive',
    call: (as, id) => as.post(`/api/settings/users/${id}/activate`),
    outside: (as, id) => refusedAsMissing(as.post(`/api/settings/users/${id}/activate`)),
  },
  'POST /api/settings/users/{id}/reset-password': {
    rule: 'allWithoutUser',
    ownTargets: 'active',
    call: (as, id) => as.post(`/api/settings/users/${id}/reset-password`),
    outside: (as, id) => refusedAsMissing(as.post(`/api/settings/users/${id}/reset-password`)),
  },
  'POST /api/settings/users/{id}/reset-second-factors': {
    rule: 'globalDistrict',
    ownTargets: 'withFactor',
    call: (as, id) => as.post(`/api/settings/users/${id}/reset-second-factors`),
  },
  'GET /api/settings/audit-log': {
    rule: 'globalDistrict',
    call: (as, id) => as.get(`/api/settings/audit-log?entity_type=user&entity_id=${id}`),
  },
  'GET /api/settings/audit-log/filters': {
    rule: 'globalDistrict',
    call: (as) => as.get('/api/settings/audit-log/filters'),
  },
};

// filled in beforeAll: the POST case needs to know who calls
const probeTokens: Partial<Record<Role, string>> = {};
const probeDealer = { id: 0, otherId: 0 };

describe.each(dbKinds)('[users][access] every users and audit route, every role, on %s', (kind) => {
  let ctx: TestContext;
  const as = {} as Record<Role | 'anonymous', Caller>;
  /** per manager: an account it manages (its own to spend) and one outside its scope */
  const target = {} as Record<Managers, number>;
  const outside = {} as Record<'ld' | 'd', number>;
  let targetsMade = 0;
  /** For each manager, a user it manages (by email `target-<role>…`), made by gd. */
  const makeTargets = async () => {
    const dealerId = await userId(ctx, 'dealer@example.com');
    const made = {} as Record<Managers, number>;
    const tag = targetsMade++ === 0 ? '' : `-${targetsMade}`;
    for (const [role, dealer] of [
      ['gd', probeDealer.id],
      ['ld', probeDealer.id],
      ['d', dealerId],
    ] as const) {
      const created = await as.gd.post('/api/settings/users', {
        name: `Target of ${role}`,
        email: `target-${role}${tag}@example.com`,
        type_id: 4,
        dealer_id: dealer,
      });
      expect(created.statusCode, created.body).toBe(200);
      made[role] = created.json().data.id;
    }
    return made;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const emails: Record<Role, string> = {
      gd: 'gd@example.com',
      ld: 'ld@example.com',
      d: 'dealer@example.com',
      u: 'user@example.com',
    };
    for (const role of Object.keys(emails) as Role[]) {
      probeTokens[role] = await ctx.login(emails[role]);
      as[role] = caller(ctx, probeTokens[role]!);
    }
    as.anonymous = caller(ctx, null);
    probeDealer.id = await userId(ctx, 'dealer2@example.com');
    probeDealer.otherId = probeDealer.id;
    // targets the callers may spend without touching the signed-in accounts
    Object.assign(target, await makeTargets());
    outside.ld = await userId(ctx, 'dealer-kz@example.com');
    outside.d = await userId(ctx, 'farid@example.com');
  });
  afterAll(async () => ctx?.close());

  it('has a case for every users and audit route the API serves', () => {
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(spec.paths)
      .filter(([path]) => /^\/api\/settings\/(users|audit-log)/.test(path))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(served).toEqual(Object.keys(routes).sort());
  });

  for (const [name, route] of Object.entries(routes)) {
    const [method, path] = name.split(' ') as [Method, string];
    const concrete = (id: number) => path.replace('{id}', String(id));

    it(`${name}: anonymous 401, roles outside ${route.rule} 403`, async () => {
      const anonymous = await as.anonymous.call(method, concrete(target.gd), bodyFor(method));
      expect(anonymous.json()).toMatchObject({ code: 401, data: { error: 'UNAUTHORIZED' } });
      const refused: Role[] = route.rule === 'globalDistrict' ? ['ld', 'd', 'u'] : ['u'];
      for (const role of refused) {
        const response = await as[role].call(method, concrete(target.gd), bodyFor(method));
        expect(response.json(), `${role} ${name}`).toMatchObject({
          code: 403,
          data: { error: 'FORBIDDEN' },
        });
      }
    });

    it(`${name}: each allowed role succeeds inside its scope and is refused outside it`, async () => {
      const allowed: Managers[] = route.rule === 'globalDistrict' ? ['gd'] : ['gd', 'ld', 'd'];
      const targets = route.ownTargets ? await makeTargets() : target;
      if (route.ownTargets === 'inactive')
        for (const id of Object.values(targets)) {
          const off = await as.gd.post(`/api/settings/users/${id}/deactivate`);
          expect(off.json().data.is_active).toBe(false);
        }
      if (route.ownTargets === 'withFactor')
        await ctx.db
          .update(users)
          .set({ mfaEnabled: true })
          .where(inArray(users.id, Object.values(targets)));
      for (const role of allowed) {
        const response = await route.call(as[role], targets[role]);
        expect(response.statusCode, `${role} ${name}: ${response.body}`).toBe(200);
        if (role !== 'gd') await route.outside?.(as[role], outside[role], role);
      }
      if (route.rule === 'allWithoutUser') expect(route.outside).toBeDefined();
    });
  }
});
