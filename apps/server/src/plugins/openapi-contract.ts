import { type AppErrorCode, appErrorCodes } from '@esd/shared/api-codes';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI contract (issue 34): @fastify/swagger with fastify-type-provider-zod's transform
 * writes each route's own schemas; this adds, for every route and with no per-route code, what a
 * client generated from the document needs: operationId, summary, security from the route's
 * access rule, the `Accept-Language` parameter, and every status the route can answer with the
 * shared error envelope, its error names and (where a rate limit applies) its headers.
 * `npm run lint:openapi` checks the result with Redocly; the server suites check every answer a
 * test receives against it (test/answer-contract.ts).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** statuses the route answers beyond those the contract derives (a read that refuses 409) */
    refusals?: number[];
  }
}

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Json[];
  parameters?: Json[];
  requestBody?: Json;
  responses?: Record<string, Json>;
};

/** Routes that answer a file, not JSON: their successful answer's media types (`reply.type`). */
export const downloadMediaTypes: Record<string, readonly string[]> = {
  'GET /api/files/avatars/{name}': ['image/png', 'image/jpeg', 'image/webp'],
  'GET /api/files/events/{name}': ['image/png', 'image/jpeg', 'image/webp'],
  'GET /api/files/news/{name}': ['image/png', 'image/jpeg', 'image/webp'],
  'GET /api/files/prizes/{name}': ['image/png', 'image/jpeg', 'image/webp'],
  'GET /api/files/products/{name}': ['image/png', 'image/jpeg', 'image/webp'],
  // a library document keeps the type it was uploaded with: one of the library's kinds
  // (modules/library/library-file-type.ts), or bytes of no known type
  'GET /api/library/{id}/download': [
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.ms-excel',
    'application/msword',
    'application/vnd.ms-powerpoint',
    'image/png',
    'image/jpeg',
    'text/csv',
    'text/plain',
    'application/octet-stream',
  ],
  'GET /api/orders/{id}/keys': ['text/csv', 'text/plain'],
  'GET /api/orders/{id}/invoice': ['application/pdf'],
  'GET /api/orders/{id}/documents/{number}': ['application/pdf'],
  ...Object.fromEntries(
    [
      '/api/orders/export',
      '/api/statistics/adobe/export',
      '/api/statistics/distribution/export',
      '/api/statistics/quarter/export',
      '/api/statistics/weekly/export',
    ].map((path) => [
      `GET ${path}`,
      ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]),
  ),
};

/** What the transform learnt of each route that the document itself does not say. */
type RouteFacts = {
  access: string | undefined;
  rateLimited: boolean;
  writes: boolean;
  refusals: number[];
};

/** `/api/orders/:id` → `/api/orders/{id}`, as the document spells paths. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toLowerCase());

/** The error names a failed answer of this status carries in `data.error`. */
const errorNamesOf = (status: number): AppErrorCode[] => {
  const names = (Object.keys(appErrorCodes) as AppErrorCode[]).filter(
    (name) => appErrorCodes[name] === status,
  );
  // the error handler names framework refusals by status (plugins/error-handler.ts)
  if (status === 413 && !names.includes('INVALID_FILE')) names.push('INVALID_FILE');
  if (status === 400 && !names.includes('VALIDATION_FAILED')) names.push('VALIDATION_FAILED');
  return names;
};

const errorResponses: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The input failed validation (data.issues lists it).' },
  401: { name: 'Unauthorized', description: 'No valid token, or the credentials were refused.' },
  403: { name: 'Forbidden', description: 'The role, scope or account may not do this.' },
  404: { name: 'NotFound', description: 'The record does not exist or is outside the scope.' },
  409: { name: 'Conflict', description: 'The record is not in a state that allows this.' },
  413: { name: 'PayloadTooLarge', description: 'The body or file is too large.' },
  415: { name: 'UnsupportedMediaType', description: 'The body or file is of a refused type.' },
  422: { name: 'UnprocessableEntity', description: 'A business rule refused the request.' },
  429: { name: 'TooManyRequests', description: 'Too many requests: wait Retry-After seconds.' },
  500: { name: 'InternalError', description: 'An unexpected failure (details only in the log).' },
  502: { name: 'BadGateway', description: 'A partner system (Adobe) did not answer usably.' },
  503: { name: 'Unavailable', description: 'Shutting down, the database is down, or no rate.' },
};

const rateLimitHeaders = {
  'retry-after': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
  },
  'x-ratelimit-limit': {
    description: 'Requests allowed in the window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'x-ratelimit-remaining': {
    description: 'Requests left in the window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'x-ratelimit-reset': {
    description: 'Seconds until the window starts again.',
    schema: { type: 'integer', minimum: 0 },
  },
};

const components = () => ({
  schemas: {
    ErrorEnvelope: {
      type: 'object',
      description:
        'Every failed answer: `code` is the HTTP status, `message` is in the request’s Accept-Language, `data.error` names the failure (the web app translates it).',
      required: ['code', 'message', 'data'],
      properties: {
        code: { type: 'integer', minimum: 400, maximum: 599 },
        message: { type: 'string' },
        data: {
          type: 'object',
          required: ['error'],
          properties: {
            error: { type: 'string', enum: Object.keys(appErrorCodes) },
            issues: {
              type: 'array',
              items: {
                type: 'object',
                required: ['path', 'message'],
                properties: {
                  // `body/email`; a header's refusal names it as zod's path (`["Idempotency-Key"]`)
                  path: {
                    oneOf: [
                      { type: 'string' },
                      {
                        type: 'array',
                        items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
                      },
                    ],
                  },
                  message: { type: 'string' },
                },
              },
            },
            retry_after: { type: 'integer', minimum: 1 },
            reason: {
              type: 'string',
              description:
                'Which refusal of that name, where one code covers several (`api_key_invalid`, `not_applicable`, …).',
            },
          },
          additionalProperties: true,
        },
      },
    },
  },
  parameters: {
    AcceptLanguage: {
      name: 'Accept-Language',
      in: 'header',
      required: false,
      description:
        'The language of `message` in failed answers and of generated documents: en (default), ru or az.',
      schema: { type: 'string', example: 'ru' },
    },
  },
  headers: rateLimitHeaders,
  responses: Object.fromEntries(
    Object.entries(errorResponses).map(([status, { name, description }]) => [
      name,
      {
        description,
        ...(status === '429'
          ? {
              headers: Object.fromEntries(
                Object.keys(rateLimitHeaders).map((h) => [
                  h,
                  { $ref: `#/components/headers/${h}` },
                ]),
              ),
            }
          : {}),
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: '#/components/schemas/ErrorEnvelope' },
                {
                  type: 'object',
                  properties: {
                    code: { type: 'integer', enum: [Number(status)] },
                    data: {
                      type: 'object',
                      properties: {
                        error: { type: 'string', enum: errorNamesOf(Number(status)) },
                      },
                    },
                  },
                },
              ],
            },
          },
        },
      },
    ]),
  ),
});

/** `post /api/orders/{id}/cancel` → `postOrdersByIdCancel`: stable, unique per method and path. */
const operationIdOf = (method: string, path: string) => {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method, ...words]
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
};

const verbs: Record<string, string> = {
  get: 'Read',
  post: 'Send',
  put: 'Replace',
  patch: 'Change',
  delete: 'Delete',
};

/** The route's own summary, else its description's first clause, else its method and path. */
const summaryOf = (method: string, path: string, operation: Operation) => {
  const clause = operation.description?.split(/(?<=[^.]{8})[.:;(]\s/)[0]?.trim();
  if (clause && clause.length <= 100) return clause.replace(/[.:]$/, '');
  const what = path
    .replace(/^\/api\//, '')
    .replace(/\{([^}]+)\}/g, 'by $1')
    .replaceAll('/', ' ');
  return `${verbs[method] ?? method.toUpperCase()} ${what}`;
};

const ref = (status: number) => ({
  $ref: `#/components/responses/${errorResponses[status]!.name}`,
});

/** Fills one operation from its route's facts; its own declarations win. */
const completeOperation = (
  method: string,
  path: string,
  operation: Operation,
  facts: RouteFacts | undefined,
  ids: Set<string>,
) => {
  operation.operationId ??= operationIdOf(method, path);
  if (ids.has(operation.operationId)) {
    throw new Error(`operationId ${operation.operationId} of ${method} ${path} is not unique`);
  }
  ids.add(operation.operationId);
  operation.summary ??= summaryOf(method, path, operation);
  operation.tags ??= [path.split('/')[2] ?? 'api'];
  const anonymous = facts?.access === 'anonymous';
  operation.security ??= anonymous ? [] : [{ bearer: [] }];
  operation.parameters = [
    ...(operation.parameters ?? []),
    { $ref: '#/components/parameters/AcceptLanguage' },
  ];

  const responses = operation.responses ?? {};
  const download = downloadMediaTypes[`${method.toUpperCase()} ${path}`];
  if (download) {
    responses['200'] = {
      description: 'The file.',
      headers: {
        'content-disposition': {
          description: 'attachment, with the file’s name',
          schema: { type: 'string' },
        },
      },
      content: Object.fromEntries(
        download.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  const hasInput =
    Boolean(operation.requestBody) ||
    (operation.parameters ?? []).some((p) => p.in === 'query' || p.in === 'path');
  const writes = facts?.writes || method !== 'get';
  const hasBody = ['post', 'put', 'patch'].includes(method);
  const statuses = [
    // any request can be refused before its route runs (a NUL character, a malformed address)
    400,
    // open routes too: an API key sent to one is checked (401 when not valid) and refused
    // (403 API_KEY_SCOPE), since no key may reach a sign-in, health or public form
    401,
    403,
    // a record named in the path, the query or the body, or the one a write changes
    (hasInput || writes) && 404,
    writes && 409,
    hasBody && 413,
    hasBody && 415,
    writes && 422,
    (facts?.rateLimited || facts?.refusals.includes(429)) && 429,
    /adobe/i.test(path) && 502,
    ...(facts?.refusals ?? []),
    500,
    503,
  ].filter((status): status is number => typeof status === 'number');
  for (const status of statuses) responses[String(status)] ??= ref(status);
  operation.responses = Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)),
  );
};

/**
 * OpenAPI 3.0 lets `nullable` stand only beside a `type`: zod writes a nullable union as
 * `{ nullable, anyOf }`, so the null goes into each branch instead (the same values); and zod's
 * nullable enums leave null out of the enum, which then refuses it.
 */
const normaliseNullable = (node: unknown): void => {
  if (Array.isArray(node)) {
    for (const item of node) normaliseNullable(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    delete schema.nullable;
    for (const branch of branches) {
      if (!branch.$ref) branch.nullable = true;
    }
  }
  // and a nullable enum lists its null (OpenAPI 3.0.3): `mode: null` is an answer too
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(schema)) normaliseNullable(value);
};

/** The swagger plugin's `transform` and `transformObject` for one app. */
export const openApiContract = (): Required<
  Pick<FastifyDynamicSwaggerOptions, 'transform' | 'transformObject'>
> => {
  const facts = new Map<string, RouteFacts>();
  return {
    transform: (input) => {
      const { route } = input;
      const config = (route.config ?? {}) as {
        access?: string;
        rateLimit?: unknown;
        apiScope?: string;
        writes?: boolean;
        refusals?: number[];
      };
      for (const method of methodsOf(route)) {
        facts.set(`${method} ${openApiPath(route.url)}`, {
          access: config.access,
          // a route an API key may call counts the key's uses: past its limit, 429 (issue 34)
          rateLimited: Boolean(config.rateLimit) || config.apiScope !== undefined,
          writes: config.writes === true,
          refusals: config.refusals ?? [],
        });
      }
      return jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    },
    transformObject: (input) => {
      const document = (input as { openapiObject: unknown }).openapiObject as Json & {
        paths?: Record<string, Record<string, Operation>>;
        components?: Record<string, Json>;
      };
      const ids = new Set<string>();
      for (const [path, methods] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(methods)) {
          completeOperation(method, path, operation, facts.get(`${method} ${path}`), ids);
        }
      }
      normaliseNullable(document.paths);
      normaliseNullable(document.components);
      const extra = components();
      document.components = {
        ...document.components,
        schemas: { ...document.components?.schemas, ...extra.schemas },
        parameters: { ...document.components?.parameters, ...extra.parameters },
        headers: { ...document.components?.headers, ...extra.headers },
        responses: { ...document.components?.responses, ...extra.responses },
      };
      return document as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
    },
  };
};
