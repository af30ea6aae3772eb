import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { basketItems, users } from '../../db/schema';

describe.each(dbKinds)('[shop][basket] spec 7 basket calls on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;
  let adobeId: number;
  let inactiveId: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    productId = await createProduct(ctx, { sku: 'BASKET-1' });
    adobeId = await createProduct(ctx, { sku: 'ADOBE-1', provider_id: 3 });
    inactiveId = await createProduct(ctx, { sku: 'GONE-1', is_active: false });
  });
  afterAll(async () => ctx?.close());

  /** Empties one account's basket: each test starts from the basket it describes. */
  const emptyBasketOf = async (email: string) => {
    const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await ctx.db.delete(basketItems).where(eq(basketItems.userId, user!.id));
  };

  it('adds, accumulates and answers the basket with totals in USD and AZN', async () => {
    await emptyBasketOf('user@example.com');
    const user = await as(ctx, 'user@example.com');
    const first = (await user.get(`/api/basket/add/${productId}/2/1`)).json();
    expect(first.code).toBe(200);
    const second = (await user.get(`/api/basket/add/${productId}/1/1`)).json().data;
    expect(second.products).toHaveLength(1);
    expect(second.products[0]).toMatchObject({
      product_id: productId,
      quantity: 3,
      sell_type: 1,
      Amount: '117.60',
      total_usd: '352.80',
    });
    // a line's AZN total is its unit's AZN price × quantity (invariant 2), as the card shows:
    // 117.60 USD × 1.7000 × 1.18 = 235.9056 → 235.91 AZN, × 3 = 707.73 (not 707.7168 → 707.72)
    expect(second.products[0].total_azn).toBe('707.73');
    expect(second).toMatchObject({
      totalQuantity: 3,
      totalUsdAmount: '352.80',
      totalAmount: '707.73',
      form: true,
      rate: '1.7000',
    });
    const credit = (await user.get(`/api/basket/add/${productId}/1/2`)).json().data;
    expect(credit.products).toHaveLength(2);
    // credit: 117.60 × 1.02 × 1.7 × 1.18 = 240.62
    expect(credit.products[1]).toMatchObject({ sell_type: 2, total_azn: '240.62' });
    expect(credit.totalAmount).toBe('948.35');
    // each way of paying is checked out apart: its own sum, what its checkout would charge
    expect(credit.by_sell_type).toEqual([
      { sell_type: 1, quantity: 3, total_usd: '352.80', total_azn: '707.73' },
      { sell_type: 2, quantity: 1, total_usd: '117.60', total_azn: '240.62' },
    ]);
    const cashReview = (await user.get('/api/checkout?sell_type=1')).json().data;
    const creditReview = (await user.get('/api/checkout?sell_type=2')).json().data;
    expect([cashReview.total_azn, creditReview.total_azn]).toEqual(['707.73', '240.62']);
  });

  it('removes one by default, a count when given, and the line at zero', async () => {
    await emptyBasketOf('user@example.com');
    const user = await as(ctx, 'user@example.com');
    // three of a cash line and one of a credit line
    await user.get(`/api/basket/add/${productId}/3/1`);
    await user.get(`/api/basket/add/${productId}/1/2`);
    const basket = (await user.get('/api/basket')).json().data;
    const line = basket.products.find((p: { sell_type: number }) => p.sell_type === 1);
    expect((await user.get(`/api/basket/remove/${line.id}`)).json().data.products[0].quantity).toBe(
      2,
    );
    const after = (await user.get(`/api/basket/remove/${line.id}/5`)).json().data;
    expect(after.products.map((p: { sell_type: number }) => p.sell_type)).toEqual([2]);
    expect((await user.get(`/api/basket/remove/${line.id}`)).json()).toMatchObject({
      code: 404,
      data: { error: 'NOT_FOUND' },
    });
  });

  it('refuses bad ids, quantities and sell types with a clear 400', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    for (const path of [
      `abc/1/1`,
      `${productId}/0/1`,
      `${productId}/-1/1`,
      `${productId}/1.5/1`,
      `${productId}/1/3`,
      `${productId}/999999999/1`,
      `${productId}/x/1`,
    ]) {
      const response = await dealer.get(`/api/basket/add/${path}`);
      expect(response.statusCode, path).toBe(400);
      expect(response.json().data.error).toBe('VALIDATION_FAILED');
    }
    expect((await dealer.get('/api/basket/add/999999/1/1')).json()).toMatchObject({ code: 404 });
    expect((await dealer.get(`/api/basket/add/${inactiveId}/1/1`)).json().data.error).toBe(
      'PRODUCT_UNAVAILABLE',
    );
    expect((await dealer.get(`/api/basket/add/${adobeId}/1/1`)).json().data.error).toBe(
      'PRODUCT_UNAVAILABLE',
    );
    expect(
      await ctx.db.select().from(basketItems).where(eq(basketItems.productId, inactiveId)),
    ).toEqual([]);
  });

  it('keeps each basket to its owner and refuses roles that may not shop', async () => {
    await emptyBasketOf('dealer2@example.com');
    const user = await as(ctx, 'user@example.com');
    const line = (await user.get(`/api/basket/add/${productId}/1/1`)).json().data.products[0];
    const other = await as(ctx, 'dealer2@example.com');
    expect((await other.get(`/api/basket/remove/${line.id}/1`)).statusCode).toBe(404);
    expect((await other.get('/api/basket')).json().data.products).toEqual([]);
    for (const email of ['gd@example.com', 'ld@example.com']) {
      const admin = await as(ctx, email);
      expect((await admin.get(`/api/basket/add/${productId}/1/1`)).json()).toMatchObject({
        code: 403,
        data: { error: 'FORBIDDEN' },
      });
    }
  });

  it("refuses a sell type the user's flags do not allow", async () => {
    const gd = await as(ctx, 'gd@example.com');
    const user = await as(ctx, 'user@example.com');
    const userId = (await user.get('/api/auth/user')).json().data.id;
    const { users } = await import('../../db/schema');
    await ctx.db.update(users).set({ needAznCredit: false }).where(eq(users.id, userId));
    expect((await user.get(`/api/basket/add/${productId}/1/2`)).json()).toMatchObject({
      code: 422,
      data: { error: 'SELL_TYPE_NOT_ALLOWED' },
    });
    await ctx.db.update(users).set({ needAznCredit: true }).where(eq(users.id, userId));
    expect(gd.token).toBeTruthy();
  });

  it('refuses to grow a line past 100,000 licences and leaves it as it was', async () => {
    await emptyBasketOf('dealer@example.com');
    const dealer = await as(ctx, 'dealer@example.com');
    const full = (await dealer.get(`/api/basket/add/${productId}/100000/1`)).json().data;
    const line = full.products.find((p: { product_id: number }) => p.product_id === productId);
    expect(line.quantity).toBe(100000);
    const refused = (await dealer.get(`/api/basket/add/${productId}/1/1`)).json();
    expect(refused).toMatchObject({ code: 422, data: { error: 'BASKET_LIMIT' } });
    const after = (await dealer.get('/api/basket')).json().data;
    expect(after.products.find((p: { id: number }) => p.id === line.id).quantity).toBe(100000);
    await dealer.get(`/api/basket/remove/${line.id}/100000`);
  });

  it('keeps every concurrent add (no lost update)', async () => {
    await emptyBasketOf('dealer2@example.com');
    const dealer = await as(ctx, 'dealer2@example.com');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => dealer.get(`/api/basket/add/${productId}/1/2`)),
    );
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);
    const basket = (await dealer.get('/api/basket')).json().data;
    expect(basket.products).toHaveLength(1);
    expect(basket.products[0].quantity).toBe(20);
  });
});
