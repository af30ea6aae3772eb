import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config/env';
import { fixedSecurityHeaders } from './fixed-security-headers';
import { securityHeaders } from './security-headers';

/** The answer's headers without those that differ per answer or come from Fastify itself. */
const headersOf = async (register: (app: ReturnType<typeof Fastify>) => Promise<void>) => {
  const app = Fastify();
  await register(app);
  app.get('/page', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  const answers = await Promise.all(
    ['/page', '/fails', '/missing'].map((url) => app.inject({ url })),
  );
  await app.close();
  return answers.map((answer) => {
    const { date: _date, 'content-length': _length, ...headers } = answer.headers;
    return { status: answer.statusCode, headers };
  });
};

describe('[security] security headers computed once', () => {
  for (const issuer of [undefined, 'https://id.example.com/realms/esd']) {
    it(`match @fastify/helmet on answers, errors and 404s (issuer ${issuer ?? 'none'})`, async () => {
      const options = securityHeaders({ OIDC_ISSUER: issuer } as Config);
      const reference = await headersOf(async (app) => {
        await app.register(fastifyHelmet, options);
      });
      const fixed = await headersOf(async (app) => {
        await app.register(fixedSecurityHeaders, options);
      });
      expect(fixed).toEqual(reference);
      const page = fixed[0]?.headers ?? {};
      expect(page['content-security-policy']).toContain("script-src 'self'");
      expect(page['x-content-type-options']).toBe('nosniff');
      expect(page['referrer-policy']).toBe('no-referrer');
      if (issuer) expect(page['content-security-policy']).toContain('https://id.example.com');
    });
  }

  it('keeps the per-request plugin when the options ask for nonces', async () => {
    const options = { ...securityHeaders({} as Config), enableCSPNonces: true };
    const [first, second] = await Promise.all(
      [0, 1].map(
        async () =>
          (
            await headersOf(async (app) => {
              await app.register(fixedSecurityHeaders, options);
            })
          )[0]?.headers['content-security-policy'],
      ),
    );
    expect(first).toMatch(/'nonce-[0-9a-f]{32}'/);
    expect(first).not.toBe(second);
  });
});
