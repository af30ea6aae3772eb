import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../test/harness';

describe.each(dbKinds)('[access] rules of spec 6 enforced by the server on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it('lets only a global district admin read the mailbox', async () => {
    const expected: Record<string, number> = {
      'gd@example.com': 200,
      'ld@example.com': 403,
      'dealer@example.com': 403,
      'user@example.com': 403,
    };
    for (const [email, status] of Object.entries(expected)) {
      const response = await ctx.app.inject({
        url: '/api/mailbox',
        headers: bearer(await ctx.login(email)),
      });
      expect(response.statusCode, email).toBe(status);
      expect(response.json().code).toBe(status);
    }
    const anonymous = await ctx.app.inject({ url: '/api/mailbox' });
    expect(anonymous.json()).toMatchObject({ code: 401, data: { error: 'UNAUTHORIZED' } });
  });

  it('refuses anonymous callers before validating their input', async () => {
    const response = await ctx.app.inject({ url: '/api/mailbox?page=-5' });
    expect(response.statusCode).toBe(401);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await ctx.app.inject({ url: '/api/nothing-here' });
    expect(response.json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
  });

  it('declares an access rule on every API route (a route without one cannot be added)', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp({ config: ctx.config, database: ctx.database });
    await expect(
      app.register(async (api) => {
        api.get('/api/unguarded', async () => 'x');
      }),
    ).rejects.toThrow(/declares no access rule/);
    await app.close();
  });

  it('answers health while the database answers, telling an anonymous caller only that', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.json()).toMatchObject({ code: 200, data: { status: 'ok' } });
    expect(response.json().data).toEqual({ status: 'ok' });
  });
});
