import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { auditLog, targets, users } from '../../db/schema';

describe.each(dbKinds)('[targets] immutable quarterly targets on %s', (kind) => {
  let ctx: TestContext;
  let dealerId: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [dealer] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dealer2@example.com'));
    dealerId = dealer!.id;
  });
  afterAll(async () => ctx?.close());

  const input = (overrides: object = {}) => ({
    dealer_id: dealerId,
    year: 2031,
    quarter: 2,
    amount_usd: '25000.50',
    note: 'Q2 push',
    ...overrides,
  });

  it('lets only the global admin in', async () => {
    for (const email of ['ld@example.com', 'dealer@example.com', 'user@example.com']) {
      const other = await as(ctx, email);
      expect((await other.get('/api/settings/targets')).statusCode, email).toBe(403);
      expect((await other.post('/api/settings/targets', input())).statusCode, email).toBe(403);
      expect((await other.get('/api/settings/targets/dealers')).statusCode, email).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/settings/targets' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('adds a target with an exact amount, writes the audit log and lists it', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const created = await gd.post('/api/settings/targets', input());
    expect(created.statusCode).toBe(200);
    const target = created.json().data;
    expect(target).toMatchObject({
      dealer_id: dealerId,
      year: 2031,
      quarter: 2,
      amount_usd: '25000.50',
      note: 'Q2 push',
      achieved_usd: '0.00',
      created_by: expect.any(String),
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'target.create' and ${auditLog.entityId} = ${target.id}`);
    expect(entry?.after).toMatchObject({ amount_usd: '25000.50', quarter: 2 });
    const listed = (await gd.get('/api/settings/targets?year=2031&quarter=2')).json().data;
    expect(listed.items.map((t: { id: number }) => t.id)).toContain(target.id);
    expect((await gd.get('/api/settings/targets?year=2031&quarter=3')).json().data.total).toBe(0);
  });

  it('refuses a second target for the same dealer and quarter with a clear message', async () => {
    const gd = await as(ctx, 'gd@example.com');
    await gd.post('/api/settings/targets', input({ quarter: 4 }));
    const again = (
      await gd.post('/api/settings/targets', input({ quarter: 4, amount_usd: '1' }))
    ).json();
    expect(again).toMatchObject({ code: 409, data: { error: 'CONFLICT' } });
    expect(again.message).toMatch(/already has a target for Q4 2031/);
  });

  it('refuses bad amounts, quarters and accounts that are not active dealers', async () => {
    const gd = await as(ctx, 'gd@example.com');
    for (const bad of [
      { amount_usd: '0' },
      { amount_usd: '0.00' },
      { amount_usd: '-5' },
      { amount_usd: '10.123' },
      { amount_usd: '1e5' },
      // one cent over what the money column holds: a 400 naming the bound, never a 500
      { amount_usd: '1000000000000.00' },
      { quarter: 5 },
      { year: 1999 },
    ]) {
      const answer = await gd.post('/api/settings/targets', input({ quarter: 1, ...bad }));
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const [user] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'user@example.com'));
    const notDealer = await gd.post('/api/settings/targets', input({ dealer_id: user!.id }));
    expect(notDealer.json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
    const count = await ctx.db.select().from(targets).where(eq(targets.dealerId, user!.id));
    expect(count).toHaveLength(0);
  });

  it('refuses every change through the API with the spec 5 message', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const target = (await gd.post('/api/settings/targets', input({ year: 2032 }))).json().data;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const answer = await ctx.app.inject({
        method,
        url: `/api/settings/targets/${target.id}`,
        headers: { authorization: `Bearer ${gd.token}` },
        ...(method === 'DELETE' ? {} : { payload: { amount_usd: '1.00' } }),
      });
      expect(answer.json(), method).toEqual({
        code: 409,
        message: 'After a target is added it cannot be deleted or changed.',
        data: { error: 'TARGET_IMMUTABLE' },
      });
    }
    const [row] = await ctx.db.select().from(targets).where(eq(targets.id, target.id));
    expect(row?.amountUsd).toBe('25000.50');
  });

  it('has the database refuse a direct UPDATE or DELETE', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const target = (await gd.post('/api/settings/targets', input({ year: 2033 }))).json().data;
    await expect(
      ctx.db.update(targets).set({ amountUsd: '1.00' }).where(eq(targets.id, target.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(targets).where(eq(targets.id, target.id))).rejects.toThrow();
    const [row] = await ctx.db.select().from(targets).where(eq(targets.id, target.id));
    expect(row?.amountUsd).toBe('25000.50');
  });

  it('offers only active dealers to choose from', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const dealers = (await gd.get('/api/settings/targets/dealers')).json().data;
    const emails = dealers.map((d: { email: string }) => d.email);
    expect(emails).toContain('dealer@example.com');
    expect(emails).not.toContain('user@example.com');
    expect(emails).not.toContain('gd@example.com');
  });
});
