import { createHash } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer a server test receives is checked against the OpenAPI document the app serves
 * (issue 34): the schema documented for its route and status, compiled with ajv once per
 * document and response. An undocumented status, a JSON answer where the document promises a
 * file (or the reverse), or a body its schema refuses throws from `app.inject`, naming the
 * method, path, status and ajv's complaint: the test that met it fails.
 */

type Json = Record<string, unknown>;
type Media = { schema?: unknown };
type Response = { $ref?: string; content?: Record<string, Media> };
type Document = {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
  components?: { responses?: Record<string, Response> };
};

/** the route each answer came from, stamped on the raw reply by the onSend hook */
const routeOf = Symbol('answer-contract route');

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Checker = {
  document: Document;
  ajv: Ajv;
  validators: Map<string, ValidateFunction>;
};
const checkers = new Map<string, Checker>();
/**
 * The checker of a document object already seen: hashing the whole document on every answer
 * made the server suites three times slower (edge-values sends thousands of requests).
 */
const checkerOfDocument = new WeakMap<Document, Checker>();

const checkerFor = (document: Document): Checker => {
  const seen = checkerOfDocument.get(document);
  if (seen) return seen;
  const text = JSON.stringify(document);
  const hash = createHash('sha1').update(text).digest('hex');
  let checker = checkers.get(hash);
  if (!checker) {
    // OpenAPI 3.0 schemas: `nullable` is ajv's own keyword; `example` and friends are notes
    const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(JSON.parse(text) as Json, 'openapi');
    checker = { document, ajv, validators: new Map() };
    checkers.set(hash, checker);
  }
  checkerOfDocument.set(document, checker);
  return checker;
};

const pointer = (...parts: string[]) =>
  parts.map((part) => `/${part.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** `text/csv; charset=utf-8` answers a `text/csv` (or `*\/*`) media type. */
const mediaMatches = (declared: string, answered: string) =>
  declared === '*/*' || declared === answered.split(';')[0]!.trim().toLowerCase();

/** Why the answer breaks the contract, or undefined when it keeps it. */
const answerMismatch = (
  document: Document,
  answer: { method: string; route: string; status: number; contentType: string; body: string },
): string | undefined => {
  const path = answer.route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const method = answer.method.toLowerCase();
  const operation = document.paths[path]?.[method];
  // routes the document leaves out (hidden ones, the web app's files) promise nothing
  if (!operation || method === 'head') return undefined;
  const checker = checkerFor(document);
  const status = String(answer.status);
  const where = `${answer.method} ${path} answered ${status}`;
  let response = operation.responses?.[status] ?? operation.responses?.default;
  if (!response) return `${where}: the document declares no ${status} for it`;
  let responsePointer = pointer('paths', path, method, 'responses', status);
  if (response.$ref) {
    const name = response.$ref.split('/').pop()!;
    response = document.components?.responses?.[name] ?? {};
    responsePointer = pointer('components', 'responses', name);
  }
  const content = response.content ?? {};
  if (answer.body === '' && answer.status === 204) return undefined;
  const isJson = /^application\/json\b/i.test(answer.contentType);
  if (!isJson) {
    const declared = Object.keys(content);
    if (declared.some((type) => mediaMatches(type, answer.contentType))) return undefined;
    return `${where} with ${answer.contentType || 'no Content-Type'}: the document declares ${declared.join(', ') || 'no body'}`;
  }
  if (!content['application/json']?.schema) {
    return `${where} with JSON: the document declares ${Object.keys(content).join(', ') || 'no body'}`;
  }
  const key = `openapi#${responsePointer}${pointer('content', 'application/json', 'schema')}`;
  let validate = checker.validators.get(key);
  if (!validate) {
    validate = checker.ajv.getSchema(key);
    if (!validate) return `${where}: ajv cannot compile ${key}`;
    checker.validators.set(key, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `${where}: the body is not JSON although its Content-Type says so`;
  }
  if (validate(body)) return undefined;
  const errors = (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message} (${e.schemaPath})`)
    .join('; ');
  return `${where}: the body does not match its documented schema: ${errors}`;
};

const servedMismatches = new WeakMap<FastifyInstance, string[]>();

/**
 * The answers this app sent over a real socket that broke the contract: a suite that listens
 * (the example's) asserts this is empty, as inject throws for the others.
 */
export const servedAnswerMismatches = (app: FastifyInstance) => servedMismatches.get(app) ?? [];

/**
 * Installs the check on an app the harness built (before `ready`): the route of each answer is
 * noted as it is sent, and `app.inject` checks what it got back before the test sees it.
 */
export const checkAnswersAgainstContract = (app: FastifyInstance) => {
  const served: string[] = [];
  servedMismatches.set(app, served);
  app.addHook('onSend', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    (reply.raw as unknown as Record<symbol, string | undefined>)[routeOf] = route;
    // an answer sent over a real socket (a suite that listens): checked here, since no inject
    // sees it; an injected one is checked when inject returns, below
    if (route && request.raw instanceof IncomingMessage) {
      const mismatch = answerMismatch(app.swagger() as unknown as Document, {
        method: request.method,
        route,
        status: reply.statusCode,
        contentType: String(reply.getHeader('content-type') ?? ''),
        body: typeof payload === 'string' || Buffer.isBuffer(payload) ? String(payload) : '',
      });
      if (mismatch) served.push(mismatch);
    }
    done(null, payload);
  });
  const original = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const inject = original as (options: unknown) => Promise<InjectedAnswer>;
  type InjectedAnswer = {
    statusCode: number;
    headers: Record<string, unknown>;
    body: string;
    raw: { res: unknown; req: { method?: string } };
  };
  // the routes are fixed once the app is ready: its document is read once
  let document: Document | undefined;
  const checked = async (options: unknown) => {
    const answer = await inject(options);
    const route = (answer.raw.res as Record<symbol, string | undefined>)[routeOf];
    if (!route) return answer;
    document ??= app.swagger() as unknown as Document;
    const mismatch = answerMismatch(document, {
      method: answer.raw.req.method ?? 'GET',
      route,
      status: answer.statusCode,
      contentType: String(answer.headers['content-type'] ?? ''),
      body: answer.body,
    });
    if (mismatch)
      throw new Error(`[answer contract] ${mismatch}\nbody: ${answer.body.slice(0, 500)}`);
    return answer;
  };
  // the chained and callback forms of inject stay as they are (no test of this repo uses them)
  (app as unknown as { inject: unknown }).inject = (options?: unknown, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? original(options, callback)
      : checked(options);
};
