import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadMediaTypes } from '../../src/plugins/openapi-contract';
import { createTestContext, type TestContext } from '../harness';

/**
 * The web app does not parse answers again (lib/api-client.ts): it trusts that the server checked
 * every JSON answer against the route's response schema before sending it. This holds only if
 * every route that answers JSON declares one, for its successful status.
 */
/** Answer files, not JSON (downloads, spreadsheets, images): the contract names their types. */
const fileRoutes = Object.keys(downloadMediaTypes);
/** Never succeed: spec 5 makes a sales target permanent once added (always 409). */
const refusingRoutes = [
  'DELETE /api/settings/targets/{id}',
  'PATCH /api/settings/targets/{id}',
  'PUT /api/settings/targets/{id}',
];

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { $ref?: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

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

  it('every operation is complete: id, summary, tag, security, Accept-Language, refusals', () => {
    const spec = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const incomplete: string[] = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        const lacks = [
          !operation.operationId && 'operationId',
          !operation.summary && 'summary',
          !operation.tags?.length && 'tag',
          !operation.security && 'security',
          !operation.parameters?.some((p) => p.$ref === '#/components/parameters/AcceptLanguage') &&
            'Accept-Language',
          !operation.responses?.['500'] && '500',
          path.includes('{') && !operation.responses?.['404'] && '404',
          operation.security?.length && !operation.responses?.['401'] && '401',
          downloadMediaTypes[route] &&
            !Object.keys(operation.responses?.['200']?.content ?? {}).includes(
              downloadMediaTypes[route][0]!,
            ) &&
            'media type',
        ].filter(Boolean);
        if (lacks.length) incomplete.push(`${route}: ${lacks.join(', ')}`);
      }
    }
    expect(incomplete).toEqual([]);
    // a public route says so; the sign-in is one
    expect(spec.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(spec.paths['/api/basket']?.get?.security).toEqual([{ bearer: [] }]);
  });
});
