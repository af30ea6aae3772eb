/**
 * The business invariants of docs/invariants.md, each through the sequence of ordinary,
 * permitted requests that once broke it (issue 17). Every test is named after its invariant.
 */
import { multiplyMoney, subtractMoney } from '@esd/shared/shop/money';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { basketItems, dealerProductPrices, orders, products, users } from '../../db/schema';

type Line = { id: number; product_id: number; quantity: number; sell_type: number };

let seq = 0;
const key = () => `invariants-${Date.now()}-${++seq}`;

describe.each(dbKinds)('[invariants] business rules across requests on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;
  let adobeId: number;
  const idOf = async (email: string) => {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };
  const checkout = async (email: string, sellType: 1 | 2) =>
    (await as(ctx, email)).post(
      '/api/checkout',
      { sell_type: sellType },
      { 'idempotency-key': key() },
    );
  const emptyBasket = async (email: string) =>
    ctx.db.delete(basketItems).where(eq(basketItems.userId, await idOf(email)));
  const orderCount = async () => (await ctx.db.select({ n: count() }).from(orders))[0]!.n;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    // 100.00 dealer price; the dealer pays 105.00 (its Standard group, 5 %)
    productId = await createProduct(ctx, { sku: 'INV-KEYS' });
    await addKeys(ctx, productId, 200);
    const [adobe] = await ctx.db.select().from(products).where(eq(products.providerId, 3)).limit(1);
    adobeId = adobe!.id;
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('invariant 1, never below cost: an own price of 0.00 is refused naming the lowest allowed price', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const refused = await dealer.put(`/api/dealer/product-prices/${productId}`, {
      mode: 'price',
      value: '0.00',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message:
        'Your users cannot pay less than you pay for this product: the lowest price you can set is 105.00 USD.',
      data: { error: 'PRICE_BELOW_COST', min_price: '105.00' },
    });
    const stored = await ctx.db
      .select()
      .from(dealerProductPrices)
      .where(eq(dealerProductPrices.productId, productId));
    expect(stored).toEqual([]);
    expect(
      (
        await dealer.put(`/api/dealer/product-prices/${productId}`, {
          mode: 'price',
          value: '105.00',
        })
      ).statusCode,
    ).toBe(200);
    await dealer.del(`/api/dealer/product-prices/${productId}`);
  });

  it('invariant 1, never below cost: a stored 0.00 own price (the cost rose since) is charged at cost, on the dealer’s credit', async () => {
    const dealerId = await idOf('dealer@example.com');
    await ctx.db
      .insert(dealerProductPrices)
      .values({ dealerId, productId, mode: 'price', value: '0.00' });
    const user = await as(ctx, 'user@example.com');
    expect((await user.get(`/api/products/${productId}`)).json().data.Amount).toBe('105.00');
    // the price sort reads the same floor as the shown price
    const sorted = (await user.get('/api/products?q=INV-KEYS&sort=price_asc')).json().data.items;
    expect(sorted[0]).toMatchObject({ id: productId, Amount: '105.00' });
    const creditBefore = (await user.get('/api/checkout?sell_type=2')).json().data.credit.remaining;
    await user.get(`/api/basket/add/${productId}/40/2`);
    const placed = (await checkout('user@example.com', 2)).json();
    expect(placed.code).toBe(200);
    expect(placed.data).toMatchObject({ total_usd: '4200.00' });
    expect(placed.data.items[0]).toMatchObject({ quantity: 40, unit_usd: '105.00' });
    const creditAfter = (await user.get('/api/checkout?sell_type=2')).json().data.credit.remaining;
    expect(subtractMoney(creditBefore, creditAfter)).toBe('4200.00');
    await ctx.db.delete(dealerProductPrices).where(eq(dealerProductPrices.dealerId, dealerId));
    await ctx.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed.data.id));
  });

  it('invariant 2, the price quoted is the price charged: an Adobe line cannot be cut to fewer licences', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const [customer] = (await dealer.get('/api/getAdobeCustomerList')).json().data as {
      id: number;
    }[];
    const basket = (
      await dealer.post('/api/basket/add/adobe', {
        product_id: adobeId,
        customer_id: customer!.id,
        quantity: 100,
        treeYearCommitment: 1,
        sell_type: 2,
      })
    ).json().data;
    const line = (basket.products as Line[]).find((p) => p.product_id === adobeId)!;
    expect(line.quantity).toBe(100);
    const cut = await dealer.get(`/api/basket/remove/${line.id}/99`);
    expect(cut.statusCode).toBe(422);
    expect(cut.json().data).toMatchObject({ error: 'ADOBE_QUOTE_INVALID', quantity: 100 });
    const after = (await dealer.get('/api/basket')).json().data.products as Line[];
    expect(after.find((p) => p.id === line.id)?.quantity).toBe(100);

    // a quantity changed behind the quote's back (or a quote of an earlier day) is refused at checkout
    await ctx.db.update(basketItems).set({ quantity: 1 }).where(eq(basketItems.id, line.id));
    const before = await orderCount();
    const refused = (await checkout('dealer@example.com', 2)).json();
    expect(refused).toMatchObject({
      code: 422,
      data: { error: 'ADOBE_QUOTE_INVALID', reason: 'quantity' },
    });
    await ctx.db
      .update(basketItems)
      .set({
        quantity: 100,
        adobe: sql`jsonb_set(${basketItems.adobe}, '{priced_at}', to_jsonb((now() - interval '1 day')::text))`,
      })
      .where(eq(basketItems.id, line.id));
    expect((await checkout('dealer@example.com', 2)).json()).toMatchObject({
      data: { error: 'ADOBE_QUOTE_INVALID', reason: 'expired' },
    });
    expect(await orderCount()).toBe(before);
    // the whole line still goes
    expect((await dealer.get(`/api/basket/remove/${line.id}/100`)).statusCode).toBe(200);
    await emptyBasket('dealer@example.com');
  });

  it('invariant 9, no order is stuck: an Adobe item Adobe refused is withdrawn by an admin, refunded, and the order completes', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const gd = await as(ctx, 'gd@example.com');
    await emptyBasket('dealer@example.com');
    const [customer] = (await dealer.get('/api/getAdobeCustomerList')).json().data as {
      id: number;
    }[];
    await dealer.get(`/api/basket/add/${productId}/2/2`);
    const added = (
      await dealer.post('/api/basket/add/adobe', {
        product_id: adobeId,
        customer_id: customer!.id,
        quantity: 12,
        treeYearCommitment: 1,
        sell_type: 2,
      })
    ).json().data;
    const adobeLine = (added.products as Line[]).find((p) => p.product_id === adobeId)!;
    // Adobe no longer knows the customer when the order reaches it: it refuses the item
    await ctx.db
      .update(basketItems)
      .set({ adobe: sql`jsonb_set(${basketItems.adobe}, '{customer_id}', '"P9999999999"')` })
      .where(eq(basketItems.id, adobeLine.id));
    const creditBefore = (await dealer.get('/api/checkout?sell_type=2')).json().data.credit
      .remaining as string;
    const placed = (await checkout('dealer@example.com', 2)).json().data;
    const stuck = await waitFor(
      async () => (await gd.get(`/api/orders/${placed.id}`)).json().data,
      {
        until: (order) =>
          order.items.some((i: { adobe: { error: string | null } | null }) => i.adobe?.error) &&
          order.items.some((i: { status: string }) => i.status === 'delivered'),
        message: `order ${placed.id}: keys delivered and the Adobe item refused`,
      },
    );
    expect(stuck.status).toBe('in_progress');
    // keys are out, so the whole order cannot be cancelled; the refused item can be withdrawn
    expect(stuck.actions).toMatchObject({ cancel: false, withdraw_refused: true });
    const refusedItem = stuck.items.find((i: { provider_id: number }) => i.provider_id === 3);
    const keyItem = stuck.items.find((i: { provider_id: number }) => i.provider_id !== 3);
    const url = `/api/orders/${placed.id}/items/${refusedItem.id}/withdraw`;
    // only its admins may, and only the refused item
    expect((await dealer.post(url, {})).statusCode).toBe(403);
    expect(
      (await gd.post(`/api/orders/${placed.id}/items/${keyItem.id}/withdraw`, {})).json(),
    ).toMatchObject({ code: 409, data: { error: 'INVALID_STATE' } });

    const done = await gd.post(url, { note: 'Customer closed at Adobe' });
    expect(done.statusCode).toBe(200);
    const order = done.json().data;
    expect(order).toMatchObject({
      status: 'completed',
      refunded_usd: refusedItem.total_usd,
      refunded_azn: refusedItem.total_azn,
      actions: { withdraw_refused: false },
    });
    expect(order.items.find((i: { id: number }) => i.id === refusedItem.id).status).toBe(
      'returned',
    );
    expect(order.history.at(-2)).toMatchObject({ to: 'adobe_withdrawn' });
    // the dealer's credit carries only what was delivered
    const creditAfter = (await dealer.get('/api/checkout?sell_type=2')).json().data.credit
      .remaining as string;
    expect(subtractMoney(creditBefore, creditAfter)).toBe(keyItem.total_usd);
    expect((await gd.post(url, {})).json()).toMatchObject({ data: { error: 'INVALID_STATE' } });
  });

  it('invariant 2, the price quoted is the price charged: a cash line is not charged at the credit price', async () => {
    const user = await as(ctx, 'user@example.com');
    await user.get(`/api/basket/add/${productId}/2/1`);
    await user.get(`/api/basket/add/${productId}/1/2`);
    const basket = (await user.get('/api/basket')).json().data;
    const cashLine = basket.products.find((p: Line) => p.sell_type === 1);
    const creditLine = basket.products.find((p: Line) => p.sell_type === 2);
    const preview = (await user.get('/api/checkout?sell_type=2')).json().data;
    expect(preview.lines.map((l: { basket_item_id: number }) => l.basket_item_id)).toEqual([
      creditLine.id,
    ]);
    expect(preview.other_lines).toBe(1);
    const placed = (await checkout('user@example.com', 2)).json().data;
    expect(placed.items).toHaveLength(1);
    expect(placed.items[0]).toMatchObject({ quantity: 1, total_azn: creditLine.total_azn });
    // the cash line stays, at its cash price, and a cash checkout charges exactly it
    const left = (await user.get('/api/basket')).json().data.products;
    expect(left).toMatchObject([{ id: cashLine.id, sell_type: 1, total_azn: cashLine.total_azn }]);
    const cash = (await checkout('user@example.com', 1)).json().data;
    expect(cash).toMatchObject({ sell_type: 1, total_azn: cashLine.total_azn });
    // a line's AZN total is the card's AZN unit price × quantity
    const card = (await user.get(`/api/products/${productId}`)).json().data;
    expect(cashLine.total_azn).toBe(multiplyMoney(card.cash, 2));
    for (const id of [placed.id, cash.id])
      await ctx.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id));
  });

  it('invariant 4, only active accounts transact: the users of a deactivated dealer cannot order, in cash or on credit', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const dealerId = await idOf('dealer@example.com');
    const user = await as(ctx, 'user@example.com');
    await user.get(`/api/basket/add/${productId}/1/2`);
    await user.get(`/api/basket/add/${productId}/1/1`);
    expect((await gd.post(`/api/settings/users/${dealerId}/deactivate`, {})).statusCode).toBe(200);
    const before = await orderCount();
    for (const sellType of [1, 2] as const) {
      const refused = await checkout('user@example.com', sellType);
      expect(refused.json()).toMatchObject({
        code: 403,
        message:
          "Your dealer's account is deactivated, so no order can be placed for it. Contact your dealer.",
        data: { error: 'DEALER_INACTIVE' },
      });
    }
    expect((await user.get('/api/checkout?sell_type=2')).json().data.error).toBe('DEALER_INACTIVE');
    expect(await orderCount()).toBe(before);
    expect((await user.get('/api/basket')).json().data.totalQuantity).toBe(2);
    // active again: the same basket checks out
    expect((await gd.post(`/api/settings/users/${dealerId}/activate`, {})).statusCode).toBe(200);
    const placed = await checkout('user@example.com', 2);
    expect(placed.statusCode).toBe(200);
    await ctx.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, placed.json().data.id));
    await emptyBasket('user@example.com');
  });

  it('invariant 6, bounded settings: out-of-range VAT, surcharge, markups, prices and rates are refused by field and never stored', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const dealer = await as(ctx, 'dealer@example.com');
    const pricingBefore = (await gd.get('/api/settings/pricing')).json().data;
    const refusals: [string, Promise<{ statusCode: number; json: () => unknown }>, string][] = [
      [
        'VAT 150 %',
        gd.put('/api/settings/pricing', { ...pricingBefore, vat_percent: '150.00' }),
        'vat_percent',
      ],
      [
        'VAT 50.01 %',
        gd.put('/api/settings/pricing', { ...pricingBefore, vat_percent: '50.01' }),
        'vat_percent',
      ],
      [
        'surcharge 100.01 %',
        gd.put('/api/settings/pricing', { ...pricingBefore, credit_surcharge_percent: '100.01' }),
        'credit_surcharge_percent',
      ],
      [
        'group markup 1000.01 %',
        gd.post('/api/settings/markup-groups', { name: 'Too much', percent: '1000.01' }),
        'percent',
      ],
      [
        "dealer's own markup 999,999,999,999.99 %",
        dealer.put(`/api/dealer/product-prices/${productId}`, {
          mode: 'markup',
          value: '999999999999.99',
        }),
        'value',
      ],
      [
        'own price above numeric(14,2)',
        dealer.put(`/api/dealer/product-prices/${productId}`, {
          mode: 'price',
          value: '1000000000000.00',
        }),
        'value',
      ],
      [
        'rate 1000.0001',
        gd.post('/api/settings/exchange-rates', { date: '2026-01-02', rate: '1000.0001' }),
        'rate',
      ],
      [
        'rate 0.00001',
        gd.post('/api/settings/exchange-rates', { date: '2026-01-02', rate: '0.00001' }),
        'rate',
      ],
    ];
    for (const [what, pending, field] of refusals) {
      const answer = await pending;
      expect(answer.statusCode, what).toBe(400);
      expect(JSON.stringify(answer.json()), what).toContain(`/${field}"`);
    }
    expect((await gd.get('/api/settings/pricing')).json().data).toEqual(pricingBefore);
    expect(
      await ctx.db
        .select({ n: count() })
        .from(dealerProductPrices)
        .where(and(eq(dealerProductPrices.productId, productId))),
    ).toEqual([{ n: 0 }]);
    // the edges themselves are allowed
    expect(
      (
        await gd.put('/api/settings/pricing', {
          vat_percent: '50.00',
          credit_surcharge_percent: '100.00',
        })
      ).statusCode,
    ).toBe(200);
    expect((await gd.put('/api/settings/pricing', pricingBefore)).statusCode).toBe(200);
  });
});
