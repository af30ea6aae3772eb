import type { Role } from '@esd/shared/access/access.rules';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../harness';
import {
  acceptsText,
  edgeJson,
  edgeTexts,
  type FuzzRoute,
  goodJson,
  goodText,
  type JsonSchema,
  routesFromOpenApi,
} from './fuzz-inputs';

/**
 * Issue 18: the edges of what the database holds. Every route gets, in each of its params, query
 * fields and body fields at any depth (the rest of the request valid), the values at the edges of
 * int4, safe integers, numeric(p, s), the calendar (year 0000 and 9999, 29–31 February) and
 * timestamps (24:00, leap seconds). Each must be taken or refused with a 4xx envelope — a 400
 * naming the field — never a 5xx or a dropped connection; an export refuses before its first byte.
 */

const accounts: Record<Role, string> = {
  gd: 'gd@example.com',
  d: 'dealer@example.com',
  ld: 'ld@example.com',
  u: 'user@example.com',
};

/** Routes whose success would end the test's own sessions. */
const SKIPPED = new Set(['PUT /api/profile/password', 'POST /api/auth/logout']);

/** A param that is not under test: the largest int4 (valid, and no row has it), else a plain value. */
const quietParam = (schema: JsonSchema) =>
  acceptsText(schema, '2147483647') ? '2147483647' : goodText(schema);

const fill = (route: FuzzRoute, values: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));

type Probe = { what: string; request: InjectOptions; field: string };

/** Values to try in a body field the schema alone does not describe well enough (amounts, dates). */
const REPAIRS: unknown[] = [
  '1.00',
  '1',
  1,
  '2026-06-01',
  '2026-06-01T10:00:00Z',
  'edge@example.com',
  'Edge',
  true,
  [],
];

/** A place in a body: where it is, its field's name, its schema and the whole body with a value there. */
type Place = { path: string; field: string; schema: JsonSchema; put: (value: unknown) => unknown };

/** The object branch of a schema that may be null (`anyOf [object, null]`), else the schema. */
const objectBranch = (schema: JsonSchema) =>
  (schema.anyOf ?? schema.oneOf)?.find((branch) => branch.type !== 'null') ?? schema;

/**
 * Every field of a body at any depth, the rest of the body valid: the fields of nested records,
 * and of the first record of each list of records (an event's products, a group's categories).
 */
const placesOf = (
  schema: JsonSchema,
  value: unknown,
  put: (value: unknown) => unknown,
  path: string,
): Place[] => {
  const shape = objectBranch(schema);
  if (shape.type === 'array') {
    const item = objectBranch(shape.items ?? {});
    if (item.type !== 'object') return [];
    const first = Array.isArray(value) && value[0] !== undefined ? value[0] : goodJson(item);
    const rest = Array.isArray(value) ? value.slice(1) : [];
    return placesOf(item, first, (v) => put([v, ...rest]), `${path}[0]`);
  }
  if (shape.type !== 'object' || !value || typeof value !== 'object' || Array.isArray(value))
    return [];
  const record = value as Record<string, unknown>;
  return Object.entries(shape.properties ?? {}).flatMap(([name, inner]) => {
    const here = path ? `${path}.${name}` : name;
    const putHere = (v: unknown) => put({ ...record, [name]: v });
    const current = record[name] ?? goodJson(inner, name);
    return [
      { path: here, field: name, schema: inner, put: putHere },
      ...placesOf(inner, current, putHere, here),
    ];
  });
};

/** Every request of a route with one edge value in one place, around `body` (valid if it can be). */
const probesOf = (route: FuzzRoute, body: Record<string, unknown> | undefined): Probe[] => {
  const quiet = Object.fromEntries(route.params.map((p) => [p.name, quietParam(p.schema)]));
  const requiredQuery = route.query
    .filter((q) => q.required)
    .map((q): [string, string] => [q.name, goodText(q.schema)]);
  const query = (extra: [string, string][]) => {
    const all = [...requiredQuery.filter(([name]) => !extra.some(([n]) => n === name)), ...extra];
    return all.length ? `?${new URLSearchParams(all).toString()}` : '';
  };
  const payload = (json: unknown) =>
    json === undefined
      ? {}
      : { payload: JSON.stringify(json), headers: { 'content-type': 'application/json' } };
  const probes: Probe[] = [];
  for (const param of route.params)
    for (const value of edgeTexts(param.schema, param.name))
      probes.push({
        what: `param ${param.name}=${value}`,
        field: param.name,
        request: {
          url: `${fill(route, { ...quiet, [param.name]: value })}${query([])}`,
          ...payload(body),
        },
      });
  for (const field of route.query)
    for (const value of edgeTexts(field.schema, field.name))
      probes.push({
        what: `query ${field.name}=${value}`,
        field: field.name,
        request: { url: `${fill(route, quiet)}${query([[field.name, value]])}`, ...payload(body) },
      });
  const url = `${fill(route, quiet)}${query([])}`;
  if (body && typeof body === 'object' && !Array.isArray(body) && route.body)
    for (const place of placesOf(route.body, body, (value) => value, ''))
      for (const value of edgeJson(place.schema, place.field))
        probes.push({
          what: `body ${place.path}=${JSON.stringify(value)}`,
          field: place.field,
          request: { url, ...payload(place.put(value)) },
        });
  return probes;
};

/** An issue's path: 'body/x' from the schema, ['x'] from a handler. */
const pathOf = (path: unknown) => (Array.isArray(path) ? path.join('/') : String(path ?? ''));

/** What is wrong with an answer to an edge value, or nothing. */
const judge = (
  response: LightMyRequestResponse,
  field: string,
  baseMessage: string | undefined,
): string | undefined => {
  const status = response.statusCode;
  if (status >= 500) return `status ${status}: ${response.body.slice(0, 300)}`;
  const type = String(response.headers['content-type'] ?? '');
  if (status < 400) {
    if (
      type.includes('spreadsheetml') &&
      !response.rawPayload.subarray(0, 2).equals(Buffer.from('PK'))
    )
      return `status ${status}: a spreadsheet that is not one (${response.rawPayload.length} bytes)`;
    return undefined;
  }
  let body: {
    code?: unknown;
    message?: unknown;
    data?: { issues?: { path: unknown }[]; field?: unknown };
  };
  try {
    body = response.json();
  } catch {
    return `status ${status} without a JSON body: ${response.body.slice(0, 200)}`;
  }
  if (body.code !== status || typeof body.message !== 'string' || typeof body.data !== 'object')
    return `status ${status} without the envelope: ${response.body.slice(0, 200)}`;
  const named =
    body.message.includes(field) ||
    body.data?.field === field ||
    (body.data?.issues ?? []).some((i) => pathOf(i.path).includes(field));
  // a refusal the request had without the edge value is not about the field
  if (status === 400 && !named && body.message !== baseMessage)
    return `a 400 that does not name ${field}: ${body.message}`;
  return undefined;
};

describe.each(dbKinds)(
  '[security][edges] every route at the edges of its columns on %s',
  (kind) => {
    let ctx: TestContext;
    let routes: FuzzRoute[];
    const tokens = {} as Record<Role, string>;

    beforeAll(async () => {
      ctx = await createTestContext(kind, { env: { PARTNER_APPLICATIONS_PER_HOUR: '100000' } });
      for (const [role, email] of Object.entries(accounts))
        tokens[role as Role] = await ctx.login(email);
      routes = routesFromOpenApi(ctx.app.swagger()).filter(
        (r) => r.path.startsWith('/api/') && !SKIPPED.has(`${r.method} ${r.path}`),
      );
    });
    afterAll(async () => ctx?.close());

    /** The first role the route lets in (a dealer for the basket, an admin for settings). */
    const roleFor = async (route: FuzzRoute): Promise<Role> => {
      for (const role of ['gd', 'd', 'ld', 'u'] as const) {
        const probe = await ctx.app.inject({
          method: route.method as InjectOptions['method'],
          url: fill(route, Object.fromEntries(route.params.map((p) => [p.name, 'x']))),
          headers: bearer(tokens[role]),
        });
        if (probe.statusCode !== 403) return role;
      }
      return 'gd';
    };

    const send = (route: FuzzRoute, role: Role, url: string, json?: unknown) =>
      ctx.app.inject({
        method: route.method as InjectOptions['method'],
        url,
        headers: { ...bearer(tokens[role]), 'content-type': 'application/json' },
        ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
      });

    /**
     * A body the route's schema takes, built from the schema and repaired field by field where
     * the schema says too little (an amount is a string with a refinement); with the message of
     * the route's refusal of it, if any (a refusal that is not about an edge value).
     */
    const validBody = async (route: FuzzRoute, role: Role) => {
      if (['GET', 'DELETE'].includes(route.method) || !route.body)
        return { body: undefined, message: undefined };
      const body = goodJson(route.body) as Record<string, unknown>;
      const url = fill(
        route,
        Object.fromEntries(route.params.map((p) => [p.name, quietParam(p.schema)])),
      );
      let answer = await send(route, role, url, body);
      for (let round = 0; round < 8 && answer.statusCode === 400; round++) {
        const issue = (answer.json().data?.issues as { path: unknown }[] | undefined)?.[0];
        const name = pathOf(issue?.path)
          .replace(/^body\//, '')
          .split('/')[0];
        if (!name || typeof body !== 'object' || Array.isArray(body)) break;
        let fixed = false;
        for (const value of REPAIRS) {
          const tried = await send(route, role, url, { ...body, [name]: value });
          if (!(tried.statusCode === 400 && tried.body.includes(`body/${name}`))) {
            body[name] = value;
            answer = tried;
            fixed = true;
            break;
          }
        }
        if (!fixed) break;
      }
      const message = answer.statusCode === 400 ? (answer.json().message as string) : undefined;
      return { body, message };
    };

    it('answers every edge value with a result or a 4xx naming the field, never a 5xx', async () => {
      const failures: string[] = [];
      let sent = 0;
      const nested = new Set<string>();
      for (const route of routes) {
        const role = await roleFor(route);
        const { body, message } = await validBody(route, role);
        const probes = probesOf(route, body);
        if (probes.length === 0) continue;
        for (const { what, request, field } of probes) {
          sent++;
          if (/^body [^=]*[.[]/.test(what)) nested.add(`${route.method} ${route.path}`);
          const response = await ctx.app
            .inject({
              ...request,
              method: route.method as InjectOptions['method'],
              headers: { ...bearer(tokens[role]), ...request.headers },
            })
            .catch((error: Error) => error);
          const problem =
            response instanceof Error
              ? `the connection failed: ${response.message}`
              : judge(response, field, message);
          if (problem)
            failures.push(`${route.method} ${route.path} as ${role}, ${what}: ${problem}`);
        }
      }
      console.info(
        `[edges] ${kind}: ${sent} requests over ${routes.length} routes; nested body fields in ${[...nested].join(', ')}`,
      );
      expect(sent).toBeGreaterThan(3000);
      // the walk reaches records inside records and lists (an event's products, a quote's lines)
      expect(nested.size).toBeGreaterThan(2);
      expect(failures, failures.join('\n')).toEqual([]);
    }, 600_000);
  },
);
