/**
 * Issue 32: the anonymous per-minute limit is one limit, whichever process answers. Two real
 * server processes on one PostgreSQL, one client address alternating between them: together
 * they allow ANONYMOUS_RATE_LIMIT_PER_MINUTE requests, not that many each.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { realPostgresSuite, requireRealPostgresUrl } from '../../../test/real-postgres';
import {
  createProcessCluster,
  type ProcessCluster,
  type Server,
} from '../../../test/server-processes';

const suite = realPostgresSuite(
  'anonymous limit across processes',
  'This suite starts two server processes on one real PostgreSQL and counts their refusals.',
);

const LIMIT = 5;

suite('[auth][rate limit] the anonymous limit is shared by every process', () => {
  let cluster: ProcessCluster;
  let servers: Server[];

  beforeAll(async () => {
    cluster = await createProcessCluster(requireRealPostgresUrl(), {
      tag: 'anonlimit',
      env: { ANONYMOUS_RATE_LIMIT_PER_MINUTE: String(LIMIT) },
    });
    servers = await cluster.startServers(2);
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  it('allows the configured number of requests per minute across two processes, then says when to retry', async () => {
    const answers = [];
    for (let i = 0; i < 2 * LIMIT; i++) {
      const server = servers[i % 2]!;
      const response = await fetch(`${server.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // a different address each time: the per-address reset-mail limit stays out of the way
        body: JSON.stringify({ email: `nobody-${i}@example.com` }),
      });
      answers.push({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as { code: number; data: Record<string, unknown> },
      });
    }
    expect(answers.map((a) => a.status)).toEqual([
      ...Array<number>(LIMIT).fill(200),
      ...Array<number>(LIMIT).fill(429),
    ]);
    for (const refused of answers.slice(LIMIT)) {
      expect(refused.body).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
      const wait = refused.body.data.retry_after as number;
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(refused.retryAfter).toBe(String(wait));
    }
    // sign-in is limited on its own count: the same client may still sign in
    const signIn = await fetch(`${servers[1]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever-it-is' }),
    });
    expect(signIn.status).toBe(401);
  });
});
