/**
 * Issue 34: a dealer's API key on two real server processes sharing one PostgreSQL. A key
 * revoked through one process, or its dealer deactivated there, is refused by the other on the
 * very next request; the per-key limit is one count for both, answered 429 with Retry-After.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { realPostgresSuite, requireRealPostgresUrl } from '../../../test/real-postgres';
import {
  createProcessCluster,
  type ProcessCluster,
  type Server,
} from '../../../test/server-processes';

const suite = realPostgresSuite(
  'API keys across processes',
  'This suite starts two server processes on one real PostgreSQL and uses one key on both.',
);

const LIMIT = 6;

suite('[api keys] every process refuses a revoked key at once and shares its limit', () => {
  let cluster: ProcessCluster;
  let a: Server;
  let b: Server;
  let dealerId: number;
  let dealerToken: string;

  beforeAll(async () => {
    cluster = await createProcessCluster(requireRealPostgresUrl(), {
      tag: 'apikeys',
      env: { API_KEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) },
    });
    [a, b] = (await cluster.startServers(2)) as [Server, Server];
    const [dealer] = await cluster.query<{ id: number }>(
      `select id from users where email = 'dealer@example.com'`,
    );
    dealerId = dealer!.id;
    dealerToken = await cluster.tokenFor(dealerId);
  }, 180_000);
  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  const createKey = async (server: Server, token = dealerToken) => {
    const answer = await cluster.call<{ id: number; key: string }>(
      server,
      'POST',
      '/api/dealer/api-keys',
      token,
      { name: 'Shop', scopes: ['catalogue:read'], expires_in_days: 30 },
    );
    expect(answer.status, answer.text).toBe(200);
    return answer.body!.data;
  };

  it('a key revoked through one process is refused by the other on its next request', async () => {
    const { id, key } = await createKey(a);
    expect((await cluster.call(b, 'GET', '/api/products', key)).status).toBe(200);
    const revoked = await cluster.call(a, 'POST', `/api/dealer/api-keys/${id}/revoke`, dealerToken);
    expect(revoked.status, revoked.text).toBe(200);
    const refused = await cluster.call(b, 'GET', '/api/products', key);
    expect(refused.status).toBe(401);
    expect(refused.body?.data).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('a dealer deactivated through one process has its keys refused by the other at once', async () => {
    const [dealer2] = await cluster.query<{ id: number }>(
      `select id from users where email = 'dealer2@example.com'`,
    );
    const { key } = await createKey(a, await cluster.tokenFor(dealer2!.id));
    expect((await cluster.call(b, 'GET', '/api/products', key)).status).toBe(200);
    const off = await cluster.call(
      a,
      'POST',
      `/api/settings/users/${dealer2!.id}/deactivate`,
      cluster.adminToken,
    );
    expect(off.status, off.text).toBe(200);
    expect((await cluster.call(b, 'GET', '/api/products', key)).status).toBe(401);
  });

  it('the per-key limit is one count across both processes, then 429 with Retry-After', async () => {
    const { key } = await createKey(b);
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const response = await fetch(`${(i % 2 === 0 ? a : b).url}/api/products`, {
        headers: { authorization: `Bearer ${key}` },
      });
      answers.push({
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: (await response.json()) as { data: { error?: string; retry_after?: number } },
      });
    }
    expect(answers.map((x) => x.status)).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
    for (const refused of answers.slice(LIMIT)) {
      expect(refused.body.data.error).toBe('RATE_LIMITED');
      const wait = refused.body.data.retry_after!;
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(refused.retryAfter).toBe(String(wait));
    }
    // another key of the same dealer counts on its own
    const other = await createKey(a);
    expect((await cluster.call(b, 'GET', '/api/products', other.key)).status).toBe(200);
  });
});
