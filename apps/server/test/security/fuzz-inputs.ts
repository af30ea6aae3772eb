import fc from 'fast-check';

/** The subset of JSON Schema that `ctx.app.swagger()` gives for our zod schemas. */
export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

type Parameter = { name: string; schema: JsonSchema; required: boolean };

export type FuzzRoute = {
  method: string;
  /** OpenAPI path: `/api/orders/{id}` */
  path: string;
  params: Parameter[];
  query: Parameter[];
  body?: JsonSchema;
  /** true when the route takes a multipart upload (the OpenAPI document does not show it) */
  isUpload: boolean;
};

/**
 * Upload routes by their path: a photo or image, a key or rate import, a library file. Other
 * routes without a body schema (activate, claim...) ignore bodies, so only their params are fuzzed.
 */
const uploadPath = /\/(photo|image|import(\/\{\w+\})?(\/preview)?|library(\/\{id\})?)$/;

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** Every API route with its params, query and JSON body schemas, from the OpenAPI document. */
export const routesFromOpenApi = (spec: unknown): FuzzRoute[] =>
  Object.entries((spec as OpenApi).paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const pick = (where: string) =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true }));
      const content = operation.requestBody?.content ?? {};
      return {
        method: method.toUpperCase(),
        path,
        // a param of a sibling route may be listed; only the ones in the path count
        params: pick('path').filter((p) => path.includes(`{${p.name}}`)),
        query: pick('query'),
        body: content['application/json']?.schema,
        isUpload:
          !content['application/json'] && ['post', 'put'].includes(method) && uploadPath.test(path),
      };
    }),
  );

const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * Whether a text value (path or query: always text on the wire) satisfies the schema as the
 * server's zod coercion reads it. Unknown shapes count as accepted, so a value is only ever
 * called bad when it surely is.
 */
export const acceptsText = (schema: JsonSchema, value: string): boolean => {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some((branch) => acceptsText(branch, value));
  if (schema.enum) return schema.enum.map(String).includes(value);
  if (schema.type === 'integer' || schema.type === 'number') {
    const n = Number(value);
    if (!Number.isFinite(n) || (schema.type === 'integer' && !Number.isInteger(n))) return false;
    const { minimum: min, maximum: max, exclusiveMinimum: exMin, exclusiveMaximum: exMax } = schema;
    if (min !== undefined && (exMin === true ? n <= min : n < min)) return false;
    if (max !== undefined && (exMax === true ? n >= max : n > max)) return false;
    if (typeof exMin === 'number' && n <= exMin) return false;
    if (typeof exMax === 'number' && n >= exMax) return false;
    return true;
  }
  if (schema.type === 'string') {
    const length = value.length;
    if (schema.minLength !== undefined && length < schema.minLength) return false;
    if (schema.maxLength !== undefined && length > schema.maxLength) return false;
    if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return false;
    if (schema.format === 'date' && !isIsoDate(value)) return false;
    return true;
  }
  if (schema.type === 'boolean') return value === 'true' || value === 'false';
  return true;
};

/** Hostile text: SQL, script, traversal, unicode, control characters, numbers out of range. */
export const hostileTexts = [
  "' or 1=1--",
  '1; drop table users; --',
  "' union select password_hash from users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%E0%A4%A',
  '%zz',
  'a\u0000b',
  '\u0000',
  '١٢٣',
  'Ǆ̈́ 🧨 ١ ﷽ 𝕏',
  '\ud800',
  '\u202e\u2066',
  '$' + '{jndi:ldap://x}',
  '{{7*7}}',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '99999999999999999999999',
  '2147483648',
  '9007199254740993',
  'true',
  'null',
  '[]',
  '{}',
  '',
] as const;

/** A text a path or query value must refuse, or nothing when the schema accepts everything. */
export const badText = (schema: JsonSchema): fc.Arbitrary<string> => {
  const tooLong = 'x'.repeat((schema.maxLength ?? 100_000) + 1);
  return fc
    .oneof(
      fc.constantFrom(...hostileTexts, tooLong, 'x'.repeat(100_000)),
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc.integer({ min: -(2 ** 31), max: 0 }).map(String),
      fc.double({ noNaN: false }).map(String),
    )
    .filter((value) => !acceptsText(schema, value));
};

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const allows = (schema: JsonSchema, value: unknown): boolean => {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.some((branch) => allows(branch, value));
  if (value === null) return schema.nullable === true;
  const type = typeOf(value);
  if (schema.enum) return schema.enum.includes(value);
  switch (schema.type) {
    case 'string':
      return type === 'string' && acceptsText(schema, value as string);
    case 'integer':
    case 'number':
      return type === 'number' && acceptsText(schema, String(value));
    case 'boolean':
      return type === 'boolean';
    case 'array':
      return type === 'array';
    case 'object':
      return type === 'object';
    default:
      return true;
  }
};

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });

/** Values of every JSON type, among them huge, deep and hostile ones. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    -1,
    0,
    1.5,
    -2_147_483_649,
    2 ** 63,
    Number.MAX_VALUE,
    'x'.repeat(100_000),
    [],
    {},
    [[[[]]]],
    deep(1000),
    { $gt: '' },
    ...hostileTexts,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value the property's schema refuses. */
const badValue = (schema: JsonSchema) => anyJson.filter((value) => !allows(schema, value));

const raw = (text: string) => ({ raw: text });
export type BadBody = { raw: string; contentType?: string } | { json: unknown };

const boundary = 'fuzzBoundary7MA4YWxk';
const part = (headers: string, content: string) =>
  `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`;
const multipart = (raw: string) => ({
  raw,
  contentType: `multipart/form-data; boundary=${boundary}`,
});

/** Uploads no route may take: no file, a cut-off body, a script as a file, a fake image. */
const badUploads = fc.constantFrom(
  multipart(
    `${part('Content-Disposition: form-data; name="note"', 'no file here')}--${boundary}--\r\n`,
  ),
  multipart(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
  ),
  multipart(
    `${part('Content-Disposition: form-data; name="file"; filename="../../evil.php"\r\nContent-Type: application/x-php', '<?php system($_GET[0]); ?>')}--${boundary}--\r\n`,
  ),
  multipart(
    `${part('Content-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png', '<script>alert(1)</script>')}--${boundary}--\r\n`,
  ),
);

/**
 * A body the route must refuse: wrong top-level type, broken JSON, a wrong content type, a
 * required field missing, or one field of a wrong type, too long, out of range or hostile,
 * with extra fields and hostile values around it.
 */
export const badBody = (schema: JsonSchema | undefined): fc.Arbitrary<BadBody> => {
  const brokenJson = fc.constantFrom(
    raw('{"a":'),
    raw("{'a':1}"),
    raw('1e309'),
    raw('{"id": 1e309'),
    raw('\u0000'),
    raw('[1,2,'),
    raw(`{"a":"${'x'.repeat(2_000_000)}"}`),
  );
  const wrongType = fc.constantFrom(
    { raw: 'hello', contentType: 'text/plain' },
    { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { raw: '<a>1</a>', contentType: 'application/xml' },
    { raw: '{"a":1}', contentType: 'multipart/form-data; boundary=x' },
  );
  if (!schema) return fc.oneof(brokenJson, wrongType, badUploads);
  const topLevel = badValue({ ...schema, anyOf: undefined }).map((json) => ({ json }));
  const properties = Object.entries(schema.properties ?? {});
  if (schema.type !== 'object' || properties.length === 0) {
    return fc.oneof(brokenJson, wrongType, topLevel);
  }
  const surroundings = fc.dictionary(
    fc.constantFrom(...properties.map(([name]) => name), 'id', 'type_id', 'is_admin', '__proto__'),
    anyJson,
    { maxKeys: 6 },
  );
  const wrongField = fc
    .tuple(fc.constantFrom(...properties), surroundings)
    .chain(([[name, propertySchema], around]) =>
      badValue(propertySchema).map((value) => ({ json: { ...around, [name]: value } })),
    );
  const required = schema.required ?? [];
  const missingField =
    required.length > 0
      ? fc.tuple(fc.constantFrom(...required), surroundings).map(([name, around]) => ({
          json: Object.fromEntries(Object.entries(around).filter(([key]) => key !== name)),
        }))
      : wrongField;
  return fc.oneof(brokenJson, wrongType, topLevel, wrongField, missingField);
};

/** A text every value of the schema accepts (for the parts of a request that must stay valid). */
export const goodText = (schema: JsonSchema): string => {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.[0]) return goodText(branches[0]);
  if (schema.enum) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return '1';
  if (schema.pattern)
    return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 })[0]!;
  return 'x';
};

// ------------------------------------------------------------------ the edges of what columns hold

/** Numbers at the edges of int4, of JavaScript's safe integers, of powers of ten, and spellings of nothing. */
const numberEdges = [
  '0',
  '-1',
  '-0',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740991',
  '9007199254740993',
  '1e3',
  '10000000000',
  '1e21',
  '1e308',
  '1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '+1',
  '0x1F',
];
/** Calendar edges: year 0000 and 9999, the years around the allowed range, days that do not exist. */
const dateEdges = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1999-12-31',
  '2000-01-01',
  '2100-12-31',
  '2101-01-01',
  '9999-12-31',
  '2023-02-29',
  '2024-02-29',
  '2024-02-30',
  '2024-02-31',
  '2024-04-31',
  '2024-13-01',
  '2024-00-10',
];
const timestampEdges = [
  '2024-01-01T24:00:00Z',
  '2016-12-31T23:59:60Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2024-02-30T10:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2024-06-01T12:00:00+14:00',
];
/** Amounts past what numeric(14, 2) and numeric(5, 2) hold, with NaN and Infinity spellings. */
const moneyEdges = [
  '999999999999.99',
  '1000000000000.00',
  '99999999999999.99',
  '1000.00',
  '1000.01',
  '0.00',
  '-0.00',
  '0.001',
  '1e309',
  'NaN',
  'Infinity',
];

const looksLikeDate = (schema: JsonSchema) =>
  schema.format === 'date' || /\\d\{4\}-\\d\{2\}-\\d\{2\}\$?$/.test(schema.pattern ?? '');
const looksLikeTimestamp = (schema: JsonSchema) =>
  schema.format === 'date-time' || /T|\\d\{2\}:\\d\{2\}/.test(schema.pattern ?? '');
/**
 * A decimal amount: a pattern that allows decimals, or (a schema checked by code, with no
 * pattern) a field named as an amount, price, limit or rate.
 */
const looksLikeAmount = (schema: JsonSchema, name = '') =>
  /\\\.|\\d\{1,2\}/.test(schema.pattern ?? '') ||
  (schema.pattern === undefined &&
    /amount|price|limit|cost|total|_usd$|_azn$|rate$|percent/i.test(name));

/**
 * The edge values worth sending in a text part (path, query) of this schema: numbers for
 * numbers, dates for dates, amounts for decimals; other text is the hostile fuzz's business.
 */
export const edgeTexts = (schema: JsonSchema, name = ''): string[] => {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return [...new Set(branches.flatMap((branch) => edgeTexts(branch, name)))];
  if (schema.enum) return [];
  if (schema.type === 'integer' || schema.type === 'number') return numberEdges;
  if (schema.type !== 'string') return [];
  // an id written in digits (idTextSchema): the number edges, spelled as they come
  if (schema.pattern === '^[0-9]{1,10}$') return numberEdges;
  if (looksLikeTimestamp(schema)) return [...timestampEdges, ...dateEdges];
  if (looksLikeDate(schema)) return dateEdges;
  if (looksLikeAmount(schema, name)) return [...moneyEdges, ...numberEdges];
  return [];
};

/** The edge values of a JSON body field: numbers as numbers, texts as texts. */
export const edgeJson = (schema: JsonSchema, name = ''): unknown[] => {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return [...new Set(branches.flatMap((branch) => edgeJson(branch, name)))];
  if (schema.type === 'integer' || schema.type === 'number')
    return [0, -1, 2_147_483_647, 2_147_483_648, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, 0.5];
  return edgeTexts(schema, name);
};

/** A value the schema accepts, as small as it allows (a valid body to put one edge into). */
export const goodJson = (schema: JsonSchema, name = ''): unknown => {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.[0]) return goodJson(branches.find((b) => b.type !== 'null') ?? branches[0], name);
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [key, goodJson(schema.properties?.[key] ?? {}, key)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => goodJson(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'edge@example.com';
      if (looksLikeTimestamp(schema)) return '2026-06-01T10:00:00Z';
      if (looksLikeDate(schema)) return '2026-06-01';
      // amounts and percentages are strings with a refinement the JSON schema does not show
      if (/percent|price|amount|limit|rate|value/.test(name)) return '1.00';
      const text = goodText(schema);
      return text.length >= (schema.minLength ?? 0) ? text : 'x'.repeat(schema.minLength ?? 1);
    }
    default:
      return 'x';
  }
};
