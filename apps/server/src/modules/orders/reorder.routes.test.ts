import { MAX_LINE_QUANTITY } from '@esd/shared/constants';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct, productInput } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { basketItems, orders, products, users } from '../../db/schema';

type BasketLine = { product_id: number; quantity: number; sell_type: number; Amount: string };

describe.each(dbKinds)('[orders] order again on %s', (kind) => {
  let ctx: TestContext;
  let keptId: number;
  let retiredId: number;
  let adobeId: number;
  let orderId: number;
  let customerId: number;
  let counter = 0;
  const key = () => `reorder-${kind}-${++counter}-${Date.now()}`;

  const emptyBasket = async (email: string) => {
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await ctx.db.delete(basketItems).where(eq(basketItems.userId, user!.id));
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    keptId = await createProduct(ctx, { sku: 'REORDER-KEPT', dealer_price: '100.00' });
    retiredId = await createProduct(ctx, { sku: 'REORDER-GONE', dealer_price: '50.00' });
    await addKeys(ctx, keptId, 20);
    await addKeys(ctx, retiredId, 20);
    const [adobe] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.providerId, 3))
      .limit(1);
    adobeId = adobe!.id;

    // the dealer buys two key-stock products and an Adobe licence for a customer, on credit
    const dealer = await as(ctx, 'dealer@example.com');
    await emptyBasket('dealer@example.com');
    expect((await dealer.get(`/api/basket/add/${keptId}/3/2`)).statusCode).toBe(200);
    expect((await dealer.get(`/api/basket/add/${retiredId}/1/2`)).statusCode).toBe(200);
    const customers = (await dealer.get('/api/getAdobeCustomerList')).json().data as {
      id: number;
    }[];
    customerId = customers[0]!.id;
    const adobeAdded = await dealer.post('/api/basket/add/adobe', {
      product_id: adobeId,
      customer_id: customerId,
      quantity: 12,
      treeYearCommitment: 1,
      sell_type: 2,
    });
    expect(adobeAdded.statusCode, adobeAdded.body).toBe(200);
    const placed = await dealer.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': key() },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    orderId = placed.json().data.id;
    await waitFor(
      async () => {
        const [row] = await ctx.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, orderId));
        return row?.status === 'completed';
      },
      { message: `order ${orderId} completed` },
    );

    // since then: the kept product costs more, the other is no longer sold
    const gd = await as(ctx, 'gd@example.com');
    const edit = (id: number, overrides: Parameters<typeof productInput>[0]) =>
      gd.put(`/api/settings/products/${id}`, productInput(overrides));
    expect((await edit(keptId, { sku: 'REORDER-KEPT', dealer_price: '110.00' })).statusCode).toBe(
      200,
    );
    expect(
      (await edit(retiredId, { sku: 'REORDER-GONE', dealer_price: '50.00', is_active: false }))
        .statusCode,
    ).toBe(200);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it("puts the key-stock lines in the basket at today's prices, reports the product no longer sold, and hands back the Adobe line to price again", async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await emptyBasket('dealer@example.com');
    const response = await dealer.post(`/api/orders/${orderId}/reorder`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      sell_type: 2,
      added: [
        {
          product_id: keptId,
          sku: 'REORDER-KEPT',
          FullTitle: 'Test Suite Pro — 1 year',
          quantity: 3,
          unit_usd: expect.any(String),
        },
      ],
      skipped: [
        {
          product_id: retiredId,
          sku: 'REORDER-GONE',
          FullTitle: 'Test Suite Pro — 1 year',
          quantity: 1,
          reason: 'not_sold',
        },
      ],
      adobe: [
        expect.objectContaining({
          product_id: adobeId,
          quantity: 12,
          customer_id: customerId,
          three_year_commitment: true,
        }),
      ],
    });
    const basket = (await dealer.get('/api/basket')).json().data.products as BasketLine[];
    // only the kept product, at the price the shop shows today (not the order's 100.00 base)
    expect(basket.map((l) => [l.product_id, l.quantity, l.sell_type])).toEqual([[keptId, 3, 2]]);
    const shown = (await dealer.get(`/api/products/${keptId}`)).json().data.Amount;
    expect(basket[0]!.Amount).toBe(shown);
    expect(response.json().data.added[0].unit_usd).toBe(shown);
    const [ordered] = (await dealer.get(`/api/orders/${orderId}`)).json().data.items as {
      product_id: number;
      unit_usd: string;
    }[];
    expect(shown).not.toBe(ordered!.unit_usd);
  });

  it('reports a line the basket cannot take and writes nothing for it', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await emptyBasket('dealer@example.com');
    const nearlyFull = MAX_LINE_QUANTITY - 1;
    expect((await dealer.get(`/api/basket/add/${keptId}/${nearlyFull}/2`)).statusCode).toBe(200);
    const result = (await dealer.post(`/api/orders/${orderId}/reorder`, {})).json().data;
    expect(result.added).toEqual([]);
    expect(result.skipped.map((s: { reason: string }) => s.reason).sort()).toEqual([
      'line_quantity',
      'not_sold',
    ]);
    const basket = (await dealer.get('/api/basket')).json().data.products as BasketLine[];
    expect(basket.map((l) => l.quantity)).toEqual([nearlyFull]);
    await emptyBasket('dealer@example.com');
  });

  it('is for shoppers only, and for the orders they see', async () => {
    for (const email of ['gd@example.com', 'ld@example.com']) {
      const admin = await as(ctx, email);
      expect((await admin.post(`/api/orders/${orderId}/reorder`, {})).statusCode, email).toBe(403);
    }
    const user = await as(ctx, 'user@example.com');
    expect((await user.post(`/api/orders/${orderId}/reorder`, {})).statusCode).toBe(404);
    const dealer = await as(ctx, 'dealer@example.com');
    expect((await dealer.post('/api/orders/999999/reorder', {})).statusCode).toBe(404);
  });
});
