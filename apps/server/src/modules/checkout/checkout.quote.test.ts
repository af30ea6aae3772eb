/**
 * Invariant 2 as the buyer sees it (issue 29): the order charges exactly the review the buyer
 * confirmed, or is not placed. Each change that once slipped between the review and "Place
 * order" (the dealer's own price, the bank rate, VAT, a line added in another tab) is made
 * here between a GET /api/checkout and the POST that sends its quote.
 */
import { bakuDate } from '@esd/shared/baku-time';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { basketItems, dealerProductPrices, orders, products, users } from '../../db/schema';

let seq = 0;
const key = () => `quote-${Date.now()}-${++seq}`;

describe.each(dbKinds)('[orders] checkout charges the review the buyer confirmed on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;
  let otherId: number;
  let gd: Awaited<ReturnType<typeof as>>;
  let dealer: Awaited<ReturnType<typeof as>>;
  let user: Awaited<ReturnType<typeof as>>;
  const idOf = async (email: string) => {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };
  const orderCount = async () => (await ctx.db.select({ n: count() }).from(orders))[0]!.n;
  const setRate = (rate: string) =>
    gd.post('/api/settings/exchange-rates', {
      date: bakuDate(new Date()),
      rate,
      // a stored day's rate changes only with a reason (issue 31)
      reason: 'The bank corrected the rate of the day.',
    });
  const setPricing = (vat: string) =>
    gd.put('/api/settings/pricing', { vat_percent: vat, credit_surcharge_percent: '5.00' });
  const place = (who: typeof user, body: object) =>
    who.post('/api/checkout', body, { 'idempotency-key': key() });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    productId = await createProduct(ctx, { sku: 'QUOTE-KEYS' });
    otherId = await createProduct(ctx, { sku: 'QUOTE-OTHER' });
    await addKeys(ctx, productId, 50);
    await addKeys(ctx, otherId, 50);
    gd = await as(ctx, 'gd@example.com');
    dealer = await as(ctx, 'dealer@example.com');
    user = await as(ctx, 'user@example.com');
  }, 60_000);
  afterAll(async () => ctx?.close());

  beforeEach(async () => {
    for (const email of ['user@example.com', 'dealer@example.com'])
      await ctx.db.delete(basketItems).where(eq(basketItems.userId, await idOf(email)));
    await ctx.db
      .delete(dealerProductPrices)
      .where(eq(dealerProductPrices.dealerId, await idOf('dealer@example.com')));
    expect((await setRate('1.7000')).statusCode).toBe(200);
    expect((await setPricing('18.00')).statusCode).toBe(200);
  });

  it("invariant 2, the price quoted is the price charged: an end user's review is refused with 409 PRICE_CHANGED after its dealer's price and the rate changed, and nothing is written", async () => {
    await dealer.put(`/api/dealer/product-prices/${productId}`, { mode: 'price', value: '120.00' });
    await user.get(`/api/basket/add/${productId}/2/2`);
    const review = (await user.get('/api/checkout?sell_type=2')).json().data;
    expect(review.lines[0]).toMatchObject({ quantity: 2, unit_usd: '120.00', total_usd: '240.00' });
    expect(review.quote).toMatch(/^q1\./);

    // before the buyer presses "Place order": the dealer raises its price, the bank rate moves
    await dealer.put(`/api/dealer/product-prices/${productId}`, { mode: 'price', value: '500.00' });
    expect((await setRate('1.7500')).statusCode).toBe(200);
    const ordersBefore = await orderCount();

    const refused = await place(user, { sell_type: 2, quote: review.quote });
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.data.error).toBe('PRICE_CHANGED');
    expect(body.message).toMatch(/Nothing was ordered/);
    const fields = body.data.changes.map((c: { field: string; sku: string | null }) =>
      c.sku ? `${c.sku}:${c.field}` : c.field,
    );
    expect(fields).toEqual([
      'QUOTE-KEYS:unit_usd',
      'QUOTE-KEYS:total_usd',
      'QUOTE-KEYS:total_azn',
      'rate',
      'total_usd',
      'vat_usd',
      'total_usd_with_vat',
      'total_azn',
    ]);
    expect(body.data.changes[0]).toMatchObject({ before: '120.00', after: '500.00' });
    expect(body.data.review).toMatchObject({ rate: '1.7500', total_usd: '1000.00' });
    expect(body.data.review.lines[0]).toMatchObject({
      unit_usd: '500.00',
      FullTitle: expect.any(String),
    });
    // no order, no credit drawn, the basket as it was
    expect(await orderCount()).toBe(ordersBefore);
    const again = (await user.get('/api/checkout?sell_type=2')).json().data;
    expect(again.credit.remaining).toBe(review.credit.remaining);
    expect(again.lines.map((l: { quantity: number }) => l.quantity)).toEqual([2]);

    // the buyer confirms the new review: charged exactly what it now shows
    const placed = await place(user, { sell_type: 2, quote: body.data.review.quote });
    expect(placed.statusCode).toBe(200);
    const order = placed.json().data;
    expect(order).toMatchObject({
      total_usd: body.data.review.total_usd,
      total_azn: body.data.review.total_azn,
      rate: body.data.review.rate,
    });
    expect(order.items[0]).toMatchObject({
      quantity: 2,
      unit_usd: '500.00',
      total_azn: body.data.review.lines[0].total_azn,
    });
    const credit = (await user.get('/api/checkout?sell_type=2')).json().data.credit;
    expect(credit.remaining).toBe(body.data.review.credit.remaining_after);
    await ctx.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
  });

  it('invariant 2, the price quoted is the price charged: a VAT change alone refuses a cash review', async () => {
    await dealer.get(`/api/basket/add/${productId}/1/1`);
    const review = (await dealer.get('/api/checkout?sell_type=1')).json().data;
    expect(review.vat_percent).toBe('18.00');
    expect((await setPricing('20.00')).statusCode).toBe(200);
    const refused = await place(dealer, { sell_type: 1, quote: review.quote });
    expect(refused.statusCode).toBe(409);
    const changes = refused.json().data.changes as {
      field: string;
      sku: string | null;
      before: string;
      after: string;
    }[];
    expect(changes.find((c) => c.field === 'vat_percent')).toMatchObject({
      before: '18.00',
      after: '20.00',
    });
    // the USD price excludes VAT and stays; the AZN total includes it and moves
    expect(changes.some((c) => c.field === 'unit_usd')).toBe(false);
    expect(changes.find((c) => c.field === 'total_azn' && c.sku === null)).toMatchObject({
      before: review.total_azn,
    });
  });

  it('invariant 2, the price quoted is the price charged: a line added in another tab after the review refuses it, and the basket keeps both lines', async () => {
    await dealer.get(`/api/basket/add/${productId}/1/2`);
    const review = (await dealer.get('/api/checkout?sell_type=2')).json().data;
    await dealer.get(`/api/basket/add/${otherId}/3/2`);
    await dealer.get(`/api/basket/add/${productId}/1/2`);
    const refused = await place(dealer, { sell_type: 2, quote: review.quote });
    expect(refused.statusCode).toBe(409);
    const changes = refused.json().data.changes as { field: string; sku: string }[];
    expect(changes.filter((c) => c.field === 'quantity' || c.field === 'line')).toMatchObject([
      { field: 'quantity', sku: 'QUOTE-KEYS', before: '1', after: '2' },
      { field: 'line', sku: 'QUOTE-OTHER', before: null, after: '3' },
    ]);
    const basket = (await dealer.get('/api/basket')).json().data.products as { quantity: number }[];
    expect(basket.map((l) => l.quantity).sort()).toEqual([2, 3]);
  });

  it('charges a review confirmed unchanged exactly, line by line and in its totals', async () => {
    await user.get(`/api/basket/add/${productId}/3/1`);
    await user.get(`/api/basket/add/${otherId}/1/1`);
    const review = (await user.get('/api/checkout?sell_type=1')).json().data;
    const placed = await place(user, { sell_type: 1, quote: review.quote });
    expect(placed.statusCode).toBe(200);
    const order = placed.json().data;
    for (const field of ['total_usd', 'vat_usd', 'total_azn', 'rate', 'vat_percent'])
      expect(order[field], field).toBe(review[field]);
    expect(
      order.items.map(
        (i: { sku: string; quantity: number; unit_usd: string; total_azn: string }) => [
          i.sku,
          i.quantity,
          i.unit_usd,
          i.total_azn,
        ],
      ),
    ).toEqual(
      review.lines.map(
        (l: { sku: string; quantity: number; unit_usd: string; total_azn: string }) => [
          l.sku,
          l.quantity,
          l.unit_usd,
          l.total_azn,
        ],
      ),
    );
    await ctx.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
  });

  it('places an order without a quote at the prices of the moment (the specification’s body)', async () => {
    await dealer.get(`/api/basket/add/${productId}/1/1`);
    await (await dealer.get('/api/checkout?sell_type=1')).json();
    expect((await setRate('1.8000')).statusCode).toBe(200);
    const placed = await place(dealer, { sell_type: 1 });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.rate).toBe('1.8000');
    await ctx.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.id, placed.json().data.id));
  });

  it('refuses a quote this server did not give with 400 and writes nothing', async () => {
    await dealer.get(`/api/basket/add/${productId}/1/1`);
    const before = await orderCount();
    for (const quote of [
      'forged',
      'q1.not-json',
      `q1.${Buffer.from('{"a":1}').toString('base64url')}`,
    ]) {
      const refused = await place(dealer, { sell_type: 1, quote });
      expect(refused.statusCode, quote).toBe(400);
      expect(refused.json().data.error).toBe('VALIDATION_FAILED');
    }
    expect(await orderCount()).toBe(before);
  });
  it('invariant 2, the price quoted is the price charged: an Adobe option goes into the basket only at the price the dealer was shown', async () => {
    const [adobe] = await ctx.db.select().from(products).where(eq(products.providerId, 3)).limit(1);
    const [customer] = (await dealer.get('/api/getAdobeCustomerList')).json().data as {
      id: number;
    }[];
    const request = {
      product_id: adobe!.id,
      customer_id: customer!.id,
      quantity: 3,
      treeYearCommitment: 0,
      sell_type: 2,
    };
    const [shown] = (await dealer.post('/api/getAdobeProductPriceByCustomer', request)).json()
      .data as { id: string; Amount: string }[];
    // the dealer's markup group changes before it presses "Add to basket"
    const standard = (await gd.get('/api/settings/markup-groups?q=standard')).json().data.items[0];
    const markup = (percent: string) =>
      gd.put(`/api/settings/markup-groups/${standard.id}`, {
        name: standard.name,
        percent,
        categories: [],
      });
    expect((await markup('40.00')).statusCode).toBe(200);
    try {
      const add = {
        ...request,
        adobe_selected_product_id: shown!.id,
        quoted_amount: shown!.Amount,
      };
      const refused = await dealer.post('/api/basket/add/adobe', add);
      expect(refused.statusCode).toBe(409);
      const body = refused.json();
      expect(body.data.error).toBe('PRICE_CHANGED');
      const now = body.data.options[0] as { Amount: string };
      expect(body.data.changes).toEqual([
        {
          field: 'unit_usd',
          basket_item_id: null,
          sku: shown!.id,
          before: shown!.Amount,
          after: now.Amount,
        },
      ]);
      expect((await dealer.get('/api/basket')).json().data.products).toEqual([]);
      // confirmed at the new price, it goes in at exactly that price
      const added = await dealer.post('/api/basket/add/adobe', {
        ...add,
        quoted_amount: now.Amount,
      });
      expect(added.statusCode).toBe(200);
      expect(added.json().data.products[0]).toMatchObject({ quantity: 3, Amount: now.Amount });
      // an offer Adobe no longer makes is refused, not swapped for another
      const gone = await dealer.post('/api/basket/add/adobe', {
        ...add,
        adobe_selected_product_id: 'NO-SUCH-OFFER',
        quoted_amount: now.Amount,
      });
      expect(gone.statusCode).toBe(409);
      expect(gone.json().data.changes[0]).toMatchObject({
        field: 'adobe',
        sku: 'NO-SUCH-OFFER',
        after: null,
      });
    } finally {
      await markup(standard.percent);
    }
  });
});
