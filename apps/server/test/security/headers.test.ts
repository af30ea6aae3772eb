import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env';
import { securityHeaders } from '../../src/plugins/security-headers';
import { createTestContext, type TestContext } from '../harness';

const issuer = 'https://login.example.com/realms/esd';

/** OWASP REST Security Cheat Sheet's response headers for an API (besides Content-Type). */
const API_HEADER_NAMES = [
  'cache-control',
  'content-security-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

/** `default-src 'self'; object-src 'none'` → { 'default-src': ["'self'"], ... } */
const parseCsp = (header: string | undefined) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );

/** The policy the issue asks for; style-src may allow inline styles (Mantine sets them). */
const expectStrictHeaders = (response: LightMyRequestResponse, what: string) => {
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  const csp = parseCsp(response.headers['content-security-policy'] as string | undefined);
  expect(csp['default-src'], what).toEqual(["'self'"]);
  expect(csp['script-src'], what).toEqual(["'self'"]);
  expect(csp['object-src'], what).toEqual(["'none'"]);
  expect(csp['base-uri'], what).toEqual(["'self'"]);
  // only our own pages may frame a page: silent-renew.html runs in an iframe of the app
  expect(csp['frame-ancestors'], what).toEqual(["'self'"]);
  // the identity provider, and nothing else, may be framed for silent renewal
  expect(csp['frame-src'], what).toEqual(["'self'", 'https://login.example.com']);
  for (const [name, sources] of Object.entries(csp)) {
    for (const source of sources) {
      expect(source, `${what}: ${name}`).not.toMatch(
        /^(\*|https?:|'unsafe-eval'|'unsafe-hashes')$/,
      );
      if (name !== 'style-src') expect(source, `${what}: ${name}`).not.toBe("'unsafe-inline'");
    }
  }
};

describe('[security][headers] a strict page policy on pages, the API header set on API answers', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'esd-headers-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ESD shell</title>');
    writeFileSync(path.join(dist, 'silent-renew.html'), '<!doctype html><title>renew</title>');
    ctx = await createTestContext('pglite', {
      seed: false,
      env: { WEB_DIST: dist, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'esd-portal' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends them with the app shell on / and on a /pages/... route', async () => {
    for (const url of ['/', '/pages/orders?id=5', '/silent-renew.html']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expectStrictHeaders(response, url);
    }
    expect((await ctx.app.inject({ url: '/pages/orders' })).body).toContain('ESD shell');
  });

  it('sends the API header set (OWASP REST) with API answers, refusals and unknown routes', async () => {
    const answers = [
      ['/api/health', 200],
      ['/api/orders', 401],
      ['/api/no-such-route', 404],
    ] as const;
    for (const [url, status] of answers) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toBe("frame-ancestors 'none'");
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d{7,}/);
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      // that set and nothing of the page policy: JSON needs no cross-origin isolation
      const perAnswer = new Set(['date', 'content-length', 'content-type', 'connection']);
      const security = Object.keys(response.headers).filter((name) => !perAnswer.has(name));
      expect(security.sort(), url).toEqual([...API_HEADER_NAMES].sort());
    }
    // the API's own documentation is a page, with the page policy
    const docs = await ctx.app.inject({ url: '/api/docs/' });
    if (docs.statusCode === 200) expectStrictHeaders(docs, '/api/docs/');
  });

  it('frames no other origin when single sign-on is off', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dist });
    const options = securityHeaders(config);
    const csp = options.contentSecurityPolicy;
    const directives = (typeof csp === 'object' && csp ? csp.directives : {}) ?? {};
    expect(directives.frameSrc).toEqual(["'self'"]);
    expect(directives.connectSrc).toEqual(["'self'"]);
    expect(directives.scriptSrc).toEqual(["'self'"]);
  });
});
