import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

type Directives = Record<string, unknown>;

/** Whether some header depends on the request: a CSP nonce or a directive computed per request. */
const isPerRequest = (options: FastifyHelmetOptions) => {
  if (options.enableCSPNonces) return true;
  const csp = options.contentSecurityPolicy;
  const directives = (csp && typeof csp === 'object' ? csp.directives : undefined) as
    | Directives
    | undefined;
  return Object.values(directives ?? {}).some(
    (value) =>
      typeof value === 'function' ||
      (Array.isArray(value) && value.some((v) => typeof v === 'function')),
  );
};

/** The headers helmet sets for these options, computed once. */
const helmetHeaders = (options: FastifyHelmetOptions): Record<string, string> => {
  const { enableCSPNonces: _nonces, global: _global, ...config } = options;
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  helmet(config as Parameters<typeof helmet>[0])(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
};

/**
 * The API's answers carry the API header set of OWASP's REST Security Cheat Sheet and no more:
 * never framed, never cached, never sniffed, sent over HTTPS only and without a referrer. The
 * page-only headers (cross-origin isolation, DNS prefetch, the XSS auditor...) say nothing about
 * JSON, and each costs a share of a small answer's time (bench/api-stack.mjs). A route may
 * still set its own Cache-Control (a public picture).
 */
const apiHeaders = (page: Record<string, string>): Record<string, string> => ({
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'strict-transport-security':
    page['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
  'referrer-policy': 'no-referrer',
});

/**
 * The same headers as @fastify/helmet on every answer, but computed once: the plugin builds
 * helmet's whole middleware chain again for each request, a measurable share of a small
 * answer's time. Options that need per-request work (nonces) keep the original plugin.
 */
export const fixedSecurityHeaders = fp(
  async (app: FastifyInstance, options: FastifyHelmetOptions) => {
    if (isPerRequest(options)) {
      await app.register(fastifyHelmet, options);
      return;
    }
    const headers = helmetHeaders(options);
    const api = apiHeaders(headers);
    app.addHook('onRequest', (request, reply, done) => {
      // the API's own pages (/api/docs) are pages: they keep the page policy
      const isApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
      reply.headers(isApi ? api : headers);
      done();
    });
  },
  { name: 'security-headers' },
);
