/**
 * Issue 33: "My credit". A dealer sees its limit, what is used and what remains, its open
 * credit orders, settlements and refunds, and how the used credit moved; its end users see the
 * same credit (their credit orders draw on it) with their own orders only; admins are refused.
 */
import { sumMoney } from '@esd/shared/shop/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { basketItems, users } from '../../db/schema';

type Credit = {
  dealer: { id: number; name: string };
  limit: string;
  used: string;
  remaining: string;
  open_orders: { id: number; buyer: { id: number }; total_usd: string; open_usd: string }[];
  movements: { order_id: number; kind: string; amount_usd: string }[];
  series: { date: string; used: string }[];
};

let seq = 0;

describe.each(dbKinds)('[credit] my credit on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;

  const credit = async (email: string) => {
    const answer = await (await as(ctx, email)).get('/api/credit');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Credit;
  };
  const creditOrder = async (email: string, quantity = 1) => {
    const shopper = await as(ctx, email);
    await shopper.get(`/api/basket/add/${productId}/${quantity}/2`);
    const placed = await shopper.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `my-credit-${kind}-${++seq}-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data as { id: number; total_usd: string };
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    productId = await createProduct(ctx, { sku: 'MY-CREDIT' });
    await addKeys(ctx, productId, 30);
  }, 60_000);
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.db.delete(basketItems);
  });

  it('shows the limit, used and remaining, the open orders, and the used credit by day', async () => {
    const before = await credit('dealer@example.com');
    const [dealer] = await ctx.db.select().from(users).where(eq(users.email, 'dealer@example.com'));
    expect(before.dealer).toEqual({ id: dealer!.id, name: dealer!.name });
    expect(before.limit).toBe(dealer!.creditLimit);
    // the same figures the checkout review shows
    const review = (
      await (await as(ctx, 'dealer@example.com')).get('/api/checkout?sell_type=2')
    ).json().data;
    expect(before.remaining).toBe(review?.credit?.remaining ?? before.remaining);

    const order = await creditOrder('dealer@example.com', 2);
    const after = await credit('dealer@example.com');
    expect(after.used).toBe(sumMoney([before.used, order.total_usd]));
    expect(after.remaining).toBe(sumMoney([after.limit, `-${after.used}`]));
    expect(after.open_orders.find((o) => o.id === order.id)).toMatchObject({
      total_usd: order.total_usd,
      open_usd: order.total_usd,
    });
    expect(after.series).toHaveLength(90);
    expect(after.series.at(-1)!.used).toBe(after.used);
    const dates = after.series.map((p) => p.date);
    expect([...dates].sort()).toEqual(dates);
  });

  it('lists settlements and refunds, and a settled order is no longer open', async () => {
    const order = await creditOrder('dealer@example.com');
    const dealer = await as(ctx, 'dealer@example.com');
    const done = await waitFor(
      async () =>
        (await dealer.get(`/api/orders/${order.id}`)).json().data as {
          status: string;
          items: { id: number }[];
        },
      {
        until: (d) => d.status === 'completed',
        message: 'order completed',
      },
    );
    const item = done.items[0]!;
    const asked = await dealer.post(`/api/orders/${order.id}/items/${item.id}/return`, {
      reason: 'Not needed after all.',
    });
    const requestId = asked.json().data.items[0].return_request.id;
    const gd = await as(ctx, 'gd@example.com');
    await gd.post(`/api/orders/${order.id}/returns/${requestId}/decide`, { approve: true });
    const restored = await credit('dealer@example.com');
    expect(restored.movements[0]).toMatchObject({
      order_id: order.id,
      kind: 'credit_restored',
      amount_usd: order.total_usd,
    });
    // everything came back: it uses no credit and is not listed as open
    expect(restored.open_orders.map((o) => o.id)).not.toContain(order.id);

    const second = await creditOrder('dealer@example.com');
    const usedBefore = (await credit('dealer@example.com')).used;
    expect((await gd.post(`/api/orders/${second.id}/settle-credit`, {})).statusCode).toBe(200);
    const settled = await credit('dealer@example.com');
    expect(settled.movements[0]).toMatchObject({ order_id: second.id, kind: 'settled' });
    expect(settled.open_orders.map((o) => o.id)).not.toContain(second.id);
    expect(settled.used).toBe(sumMoney([usedBefore, `-${second.total_usd}`]));
    expect(settled.series.at(-1)!.used).toBe(settled.used);
  });

  it("shows an end user its dealer's credit with its own orders only; the dealer sees them too", async () => {
    const own = await creditOrder('user@example.com');
    const dealersOwn = await creditOrder('dealer@example.com');
    const [user] = await ctx.db.select().from(users).where(eq(users.email, 'user@example.com'));
    const seen = await credit('user@example.com');
    const dealers = await credit('dealer@example.com');
    expect(seen.dealer.id).toBe(user!.dealerId);
    expect({ limit: seen.limit, used: seen.used }).toEqual({
      limit: dealers.limit,
      used: dealers.used,
    });
    expect(seen.open_orders.map((o) => o.id)).toContain(own.id);
    expect(seen.open_orders.map((o) => o.id)).not.toContain(dealersOwn.id);
    expect(seen.open_orders.every((o) => o.buyer.id === user!.id)).toBe(true);
    expect(dealers.open_orders.map((o) => o.id)).toEqual(
      expect.arrayContaining([own.id, dealersOwn.id]),
    );
  });

  it('refuses admins (403) and anonymous callers (401)', async () => {
    for (const email of ['gd@example.com', 'ld@example.com']) {
      const refused = await (await as(ctx, email)).get('/api/credit');
      expect(refused.statusCode, email).toBe(403);
      expect(refused.json()).toMatchObject({ code: 403, data: { error: 'FORBIDDEN' } });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/credit' })).statusCode).toBe(401);
  });
});
