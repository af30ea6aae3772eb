import type { Role } from '@esd/shared/access/access.rules';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldPendingSales } from '../../src/modules/statistics/sales-fold';
import { bearer, createTestContext, dbKinds, type TestContext } from '../harness';
import {
  acceptsText,
  type BadBody,
  badBody,
  badText,
  type FuzzRoute,
  goodText,
  hostileTexts,
  routesFromOpenApi,
} from './fuzz-inputs';

/** Fixed, so CI is reproducible; a failure prints the seed of its route (FUZZ_SEED overrides). */
const SEED = Number(process.env.FUZZ_SEED ?? 8725);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
/** ~1,500 requests: a few seconds alone, far more on a loaded machine; more runs, more time */
const FUZZ_TIMEOUT_MS = 12_000 * RUNS;

/** Text a search box may well receive: it must never break a query. */
const searchTexts = [
  "' or 1=1--",
  "' union select password_hash from users --",
  '<script>alert(1)</script>',
  'a\u0000b',
  '\ud800',
  'Ǆ̈́ 🧨 ١ ﷽ 𝕏',
  '../../etc/passwd',
  '%_\\',
  '$' + '{jndi:ldap://x}',
  '\u202e\u2066',
];

/**
 * Tables a refused request may write on purpose: failed sign-ins are counted, and so is every
 * request to an anonymous route (the per-minute limit every process shares, issue 32).
 */
const WRITTEN_ON_REFUSAL = new Set(['login_failures', 'usage_counters']);

/**
 * Columns a refused request may write on purpose: a signed-in client's request marks its
 * sign-in as seen (at most once a minute, with its address) whatever the answer, which a run
 * longer than a minute on a busy machine shows.
 */
const TOUCHED_ON_REFUSAL: Record<string, string[]> = {
  auth_sessions: ['last_seen_at', 'ip_address'],
};
const rowText = (table: string) =>
  TOUCHED_ON_REFUSAL[table]
    ? `(to_jsonb(t) ${TOUCHED_ON_REFUSAL[table].map((column) => `- '${column}'`).join(' ')})::text`
    : 't::text';

const accounts: Record<Role, string> = {
  gd: 'gd@example.com',
  d: 'dealer@example.com',
  ld: 'ld@example.com',
  u: 'user@example.com',
};

const seedOf = (route: FuzzRoute) =>
  [...`${route.method} ${route.path}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED) >>> 1;

/** Lone surrogates cannot be percent-encoded; a client would send U+FFFD instead. */
const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

const fillPath = (route: FuzzRoute, values: Record<string, string>, encode = true) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? '1';
    return encode ? encodeURIComponent(wellFormed(value)) : value;
  });

const withQuery = (url: string, query: [string, string][]) =>
  query.length === 0 ? url : `${url}?${new URLSearchParams(query).toString()}`;

const bodyOptions = (body: BadBody | undefined): Partial<InjectOptions> => {
  if (!body) return {};
  if ('json' in body) {
    return { payload: JSON.stringify(body.json), headers: { 'content-type': 'application/json' } };
  }
  return {
    payload: body.raw,
    headers: { 'content-type': body.contentType ?? 'application/json' },
  };
};

const goodParams = (route: FuzzRoute) =>
  Object.fromEntries(route.params.map((p) => [p.name, goodText(p.schema)]));

/** Requests with at least one part the route's schema surely refuses. */
const badRequests = (route: FuzzRoute): fc.Arbitrary<InjectOptions> | undefined => {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const body = hasBody ? badBody(route.body) : fc.constant(undefined);
  const noise = fc.array(
    fc.tuple(fc.constantFrom('q', 'x', 'sort'), fc.constantFrom(...hostileTexts)),
    {
      maxLength: 2,
    },
  );
  const choices: fc.Arbitrary<InjectOptions>[] = [];
  if (route.params.length > 0) {
    const badParam = fc
      .tuple(fc.constantFrom(...route.params), fc.boolean())
      .chain(([param, encode]) =>
        badText(param.schema)
          .filter((value) => encode || /^[\w.'=\- %]+$/.test(value))
          .map((value) => ({ values: { ...goodParams(route), [param.name]: value }, encode })),
      );
    choices.push(
      fc.tuple(badParam, noise, body).map(([{ values, encode }, query, payload]) => ({
        url: withQuery(fillPath(route, values, encode).replaceAll(' ', '%20'), query),
        ...bodyOptions(payload),
      })),
    );
  }
  if (route.query.length > 0) {
    const badQuery = fc.constantFrom(...route.query).chain((param) =>
      fc.oneof(
        badText(param.schema).map((value): [string, string][] => [[param.name, value]]),
        // a repeated key arrives as an array
        fc.constant<[string, string][]>([
          [param.name, goodText(param.schema)],
          [param.name, goodText(param.schema)],
        ]),
      ),
    );
    choices.push(
      fc.tuple(badQuery, noise, body).map(([query, extra, payload]) => ({
        url: withQuery(fillPath(route, goodParams(route)), [...extra, ...query]),
        ...bodyOptions(payload),
      })),
    );
  }
  if (hasBody && (route.body || route.isUpload)) {
    choices.push(
      badBody(route.body).map((payload) => ({
        url: fillPath(route, goodParams(route)),
        ...bodyOptions(payload),
      })),
    );
  }
  return choices.length > 0 ? fc.oneof(...choices) : undefined;
};

/** What is wrong with an answer to a bad request, or nothing. */
const judgeRefusal = (response: LightMyRequestResponse): string | undefined => {
  const status = response.statusCode;
  if (status < 400 || status > 499) return `status ${status}: ${response.body.slice(0, 300)}`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `status ${status} without a JSON body: ${response.body.slice(0, 200)}`;
  }
  const { code, message, data } = body as Record<string, unknown>;
  const keys = Object.keys(body as object)
    .sort()
    .join(',');
  if (keys !== 'code,data,message' || code !== status || typeof message !== 'string') {
    return `status ${status} without the envelope: ${response.body.slice(0, 200)}`;
  }
  if (typeof data !== 'object' || data === null) return `status ${status}: data is not an object`;
  return undefined;
};

const describeRequest = (request: InjectOptions) =>
  JSON.stringify({ ...request, headers: undefined }).slice(0, 400);

/**
 * Row count and a hash of every row of every public table (pg-boss keeps its own schema). The
 * sales summaries are folded first: the server folds them every 2 s on its own.
 */
const fingerprint = async (ctx: TestContext) => {
  await foldPendingSales(ctx.app.db);
  const rowsOf = async <T>(text: string) =>
    ((await ctx.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const listed = await rowsOf<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const tables = listed.map((row) => row.name).filter((name) => !WRITTEN_ON_REFUSAL.has(name));
  const union = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int as n, coalesce(md5(string_agg(${rowText(name)}, '|' order by ${rowText(name)})), '') as h from public."${name}" t`,
    )
    .join(' union all ');
  const result = await rowsOf<{ name: string; n: number; h: string }>(union);
  return Object.fromEntries(result.map((r) => [r.name, `${r.n}:${r.h}`]));
};

describe.each(dbKinds)('[security][bad input] every route on %s', (kind) => {
  let ctx: TestContext;
  let routes: FuzzRoute[];
  let before: Record<string, string>;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { PARTNER_APPLICATIONS_PER_HOUR: '100000' } });
    for (const [role, email] of Object.entries(accounts))
      tokens[role as Role] = await ctx.login(email);
    routes = routesFromOpenApi(ctx.app.swagger()).filter((r) => r.path.startsWith('/api/'));
    before = await fingerprint(ctx);
  });
  afterAll(async () => ctx?.close());

  /** The first role the route lets in (a dealer for the basket, an admin for settings). */
  const roleFor = async (route: FuzzRoute): Promise<Role> => {
    for (const role of ['gd', 'd', 'ld', 'u'] as const) {
      const probe = await ctx.app.inject({
        method: route.method as InjectOptions['method'],
        url: fillPath(route, Object.fromEntries(route.params.map((p) => [p.name, 'x']))),
        headers: bearer(tokens[role]),
        ...(route.method === 'GET'
          ? {}
          : {
              payload: '{"a":',
              headers: { ...bearer(tokens[role]), 'content-type': 'application/json' },
            }),
      });
      if (probe.statusCode !== 403) return role;
    }
    throw new Error(`${route.method} ${route.path}: no role may use it`);
  };

  it(
    'answers generated bad params, query and bodies with a 4xx envelope on every route',
    async () => {
      expect(routes.length).toBeGreaterThan(100);
      // the upload routes are known by path (OpenAPI does not show multipart): a new one joins here
      expect(routes.filter((r) => r.isUpload).map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /api/profile/photo',
        'POST /api/settings/products/{id}/image',
        'POST /api/settings/exchange-rates/import/preview',
        'POST /api/settings/exchange-rates/import',
        'POST /api/keys/import/{productId}/preview',
        'POST /api/keys/import/{productId}',
        'POST /api/settings/news/{id}/image',
        'POST /api/settings/library',
        'PUT /api/settings/library/{id}',
        'POST /api/settings/events/{id}/image',
        'POST /api/settings/prizes/{id}/image',
      ]);
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        const requests = badRequests(route);
        if (!requests) continue;
        const role = await roleFor(route);
        const seed = seedOf(route);
        const details = await fc.check(
          fc.asyncProperty(requests, async (request) => {
            const headers = { ...bearer(tokens[role]), ...request.headers };
            sent++;
            const response = await ctx.app.inject({
              ...request,
              method: route.method as InjectOptions['method'],
              headers,
            });
            const problem = judgeRefusal(response);
            if (problem) throw new Error(problem);
          }),
          { seed, numRuns: RUNS, endOnFailure: true },
        );
        if (details.failed) {
          const example = details.counterexample?.[0] as InjectOptions | undefined;
          failures.push(
            `${route.method} ${route.path} as ${role} (FUZZ_SEED=${SEED}, route seed ${seed}): ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n    request: ${example ? describeRequest(example) : '?'}`,
          );
        }
      }
      expect(sent).toBeGreaterThan(routes.length * 5);
      expect(failures, failures.join('\n')).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never fails on hostile text in the query strings a route accepts',
    async () => {
      const failures: string[] = [];
      for (const route of routes.filter((r) => r.method === 'GET' && r.params.length === 0)) {
        const role = await roleFor(route);
        const strings = route.query.filter((q) => q.schema.type === 'string' && !q.schema.enum);
        const names = strings.length > 0 ? strings.map((q) => q.name) : ['q', 'filter'];
        for (const text of searchTexts) {
          const name = names[text.length % names.length]!;
          const schema = strings.find((q) => q.name === name)?.schema;
          const value =
            schema && !acceptsText(schema, text) ? text.slice(0, schema.maxLength ?? 0) : text;
          const url = withQuery(route.path, [[name, value]]);
          const response = await ctx.app
            .inject({ url, headers: bearer(tokens[role]) })
            .catch((error: Error) => ({ statusCode: 599, body: `${error.message} (${url})` }));
          if (response.statusCode >= 500) {
            failures.push(
              `GET ${route.path}?${name}=${JSON.stringify(value)} as ${role}: ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
          }
        }
      }
      expect(failures, failures.join('\n')).toEqual([]);
    },
    FUZZ_TIMEOUT_MS,
  );

  it('serves no file from outside its folder, however the path is written', async () => {
    const fileRoutes = routes.filter((r) => r.method === 'GET' && r.path.startsWith('/api/files/'));
    expect(fileRoutes.length).toBeGreaterThan(3);
    const names = [
      '..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '....%2F%2F....%2F%2Fetc%2Fpasswd',
      '..%5C..%5C..%5Cwindows%5Cwin.ini',
      '..%252F..%252Fetc%252Fpasswd',
    ];
    for (const route of fileRoutes) {
      for (const name of names) {
        const url = route.path.replace('{name}', name);
        const response = await ctx.app.inject({ url, headers: bearer(tokens.gd) });
        expect(judgeRefusal(response), url).toBeUndefined();
      }
      // a raw ../ leaves /api once the URL is resolved: the page shell, never the file
      const raw = await ctx.app.inject({
        url: route.path.replace('{name}', '../../../../etc/passwd'),
      });
      expect(raw.body).not.toContain('root:');
    }
  });

  it('refuses a NUL byte, or a name with nothing visible, in an otherwise valid request', async () => {
    const cases: { role: Role; method: 'PUT' | 'POST'; url: string; payload: object }[] = [
      {
        role: 'gd',
        method: 'PUT',
        url: '/api/profile',
        payload: { name: 'Admin\u0000', lang: 'en' },
      },
      {
        role: 'd',
        method: 'PUT',
        url: '/api/profile',
        payload: { 'name\u0000': 'x', name: 'D', lang: 'en' },
      },
      // a name of only invisible and direction-control characters (issue 18)
      {
        role: 'd',
        method: 'PUT',
        url: '/api/profile',
        payload: { name: '\u200B\u202E\u2066 \u200F', lang: 'en' },
      },
      {
        role: 'u',
        method: 'PUT',
        url: '/api/profile/starred',
        payload: [{ path: '/pages/orders', title: 'Orders\u0000' }],
      },
    ];
    for (const { role, method, url, payload } of cases) {
      const response = await ctx.app.inject({
        method,
        url,
        payload,
        headers: bearer(tokens[role]),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    }
  });

  it('changed no row of any table while refusing', async () => {
    const after = await fingerprint(ctx);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(Object.keys(after).length).toBeGreaterThan(20);
    expect(changed).toEqual([]);
  });
});
