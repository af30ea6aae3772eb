import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createAdobeClient } from './adobe.client';
import { demoAdobeCustomers } from './demo-customers';

const customerInput = {
  company_name: 'Absheron Media Group',
  market_segment: 'COM',
  preferred_language: 'en-US',
  country: 'az',
  region: 'Absheron',
  city: 'Sumgait',
  address_line1: '12 Sulh Street',
  address_line2: '',
  postal_code: 'AZ5000',
  phone_number: '+994 18 123 45 67',
  contact_first_name: 'Kamran',
  contact_last_name: 'Rzayev',
  contact_email: 'kamran@absheron-media.example',
  contact_phone_number: '+994 50 123 45 67',
};

type Option = {
  id: string;
  Sku: string;
  Amount: string;
  total: string;
  days: number;
  FullTitle: string;
  Currency: string;
};

describe.each(dbKinds)('[adobe] VIP Marketplace flow on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;
  let baseSku: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    const [adobe] = await ctx.db.select().from(products).where(eq(products.providerId, 3)).limit(1);
    productId = adobe!.id;
    baseSku = adobe!.sku;
  }, 60_000);
  afterAll(async () => ctx?.close());

  const rejection = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('turns the sandbox’s refusals and an unreachable endpoint into clear errors', async () => {
    const unknown = await rejection(ctx.app.adobe.getCustomer('999'));
    expect(unknown).toMatchObject({
      error: 'ADOBE_REJECTED',
      message: 'Adobe does not know this customer.',
    });
    // Ganja City Administration: without a three-year commitment of its own
    const customer = demoAdobeCustomers[2].customerId;
    const quantity = await rejection(
      ctx.app.adobe.previewOrder(customer, [{ offerId: '65304522CA01A12', quantity: 0 }], false),
    );
    expect(quantity.message).toBe('Adobe refused the quantity: it must be 1 to 10,000 licences.');
    const offer = await rejection(
      ctx.app.adobe.previewOrder(customer, [{ offerId: 'NOPE', quantity: 1 }], false),
    );
    expect(offer.message).toBe('Adobe does not sell this product (unknown offer).');
    const commitment = await rejection(
      ctx.app.adobe.previewOrder(customer, [{ offerId: '65304522CA01A12', quantity: 5 }], true),
    );
    expect(commitment.message).toBe('A three-year commitment needs at least 10 licences.');

    const offline = createAdobeClient({
      apiUrl: 'http://127.0.0.1:9',
      imsUrl: 'http://127.0.0.1:9',
      clientId: 'x',
      clientSecret: 'y',
      apiKey: 'z',
      resellerId: 'r',
      timeoutMs: 2000,
    });
    expect((await rejection(offline.getCustomer('1'))).error).toBe('ADOBE_UNAVAILABLE');
  });

  it('lists the dealer’s customers in the spec 3 shape; only a dealer with an Adobe account may', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const list = (await dealer.get('/api/getAdobeCustomerList')).json();
    expect(list.code).toBe(200);
    // the seeded three (the creation test may have added one of its own before)
    const seeded = new Set<string>(demoAdobeCustomers.map((c) => c.customerId));
    type Listed = { customer: { customerId: string; companyProfile: { marketSegment: string } } };
    const demo = (list.data as Listed[]).filter((c) => seeded.has(c.customer.customerId));
    expect(demo).toHaveLength(3);
    expect(demo.map((c) => c.customer.companyProfile.marketSegment).sort()).toEqual([
      'COM',
      'EDU',
      'GOV',
    ]);
    expect(list.data[0]).toMatchObject({
      id: expect.any(Number),
      company_name: expect.any(String),
      customer: { customerId: expect.any(String) },
    });
    for (const email of ['dealer2@example.com', 'user@example.com', 'gd@example.com']) {
      expect((await (await as(ctx, email)).get('/api/getAdobeCustomerList')).statusCode).toBe(403);
    }
  });

  it('creates a customer at Adobe through the form and validates it first', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const short = await dealer.post('/api/adobe/customers', {
      ...customerInput,
      company_name: 'Abc',
    });
    expect(short.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    const created = (await dealer.post('/api/adobe/customers', customerInput)).json();
    expect(created).toMatchObject({
      code: 200,
      data: {
        company_name: 'Absheron Media Group',
        customer: { companyProfile: { marketSegment: 'COM', address: { country: 'AZ' } } },
      },
    });
    const atAdobe = await ctx.app.adobe.getCustomer(created.data.customer.customerId);
    expect(atAdobe.companyProfile.contacts?.[0]?.email).toBe('kamran@absheron-media.example');
    const list = (await dealer.get('/api/getAdobeCustomerList')).json().data as { id: number }[];
    expect(list.map((c) => c.id)).toContain(created.data.id);
  });

  it('prices by volume and commitment level, prorated, and refuses a commitment under 10', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    // a customer of its own, with no licences yet: another test's purchase would move a shared
    // customer up a volume level (Adobe prices by what the customer already holds)
    const created = await dealer.post('/api/adobe/customers', {
      ...customerInput,
      company_name: 'Khazar Pricing Studio',
      contact_email: 'pricing@khazar-studio.example',
    });
    expect(created.statusCode, created.body).toBe(200);
    const customer = created.json().data as { id: number };
    const price = async (quantity: number, commitment: 0 | 1) =>
      dealer.post('/api/getAdobeProductPriceByCustomer', {
        product_id: productId,
        adobe_selected_product_id: '',
        customer_id: customer!.id,
        quantity,
        treeYearCommitment: commitment,
      });
    const small = (await price(5, 0)).json().data as Option[];
    expect(small).toHaveLength(1);
    expect(small[0]!.Sku).toMatch(/CA01/);
    expect(small[0]!.Currency).toBe('USD');
    expect(small[0]!.days).toBeGreaterThan(0);
    expect(Number(small[0]!.total)).toBeCloseTo(Number(small[0]!.Amount) * 5, 2);
    const committed = (await price(12, 1)).json().data as Option[];
    expect(committed[0]!.Sku).toMatch(/CA12/);
    expect(Number(committed[0]!.Amount)).toBeLessThan(Number(small[0]!.Amount));
    expect((await price(5, 1)).json()).toMatchObject({
      code: 400,
      data: { error: 'VALIDATION_FAILED' },
    });
    const stranger = await dealer.post('/api/getAdobeProductPriceByCustomer', {
      product_id: productId,
      customer_id: 999_999,
      quantity: 1,
      treeYearCommitment: 0,
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('adds the chosen option to the basket and places the item with Adobe at checkout, once', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const [customer] = (await dealer.get('/api/getAdobeCustomerList')).json().data as {
      id: number;
      company_name: string;
    }[];
    const payload = {
      product_id: productId,
      customer_id: customer!.id,
      quantity: 12,
      treeYearCommitment: 1,
    };
    const [option] = (await dealer.post('/api/getAdobeProductPriceByCustomer', payload)).json()
      .data as Option[];
    const basket = (
      await dealer.post('/api/basket/add/adobe', {
        ...payload,
        adobe_selected_product_id: option!.id,
      })
    ).json().data;
    const line = basket.products.find((p: { product_id: number }) => p.product_id === productId);
    expect(line).toMatchObject({
      quantity: 12,
      Amount: option!.Amount,
      total_usd: option!.total,
      adobe: {
        sku: option!.Sku,
        company_name: customer!.company_name,
        three_year_commitment: true,
      },
    });
    // the line's SKU is the one Adobe quoted (its commitment level), not the catalogue's base
    // SKU: one SKU from the basket to the order, the invoice and the subscriptions (issue 33)
    expect(line.sku).toBe(option!.Sku);
    expect(line.sku).not.toBe(baseSku);
    // asking again replaces the line: the price depends on the whole request
    const again = (await dealer.post('/api/basket/add/adobe', { ...payload, quantity: 15 })).json()
      .data;
    expect(
      again.products.filter((p: { product_id: number }) => p.product_id === productId),
    ).toHaveLength(1);
    expect(
      again.products.find((p: { product_id: number }) => p.product_id === productId).quantity,
    ).toBe(15);

    const quoted = again.products.find((p: { product_id: number }) => p.product_id === productId)
      .adobe as { sku: string; customer_id: string };
    const preview = (await dealer.get('/api/checkout?sell_type=2')).json().data;
    expect(
      preview.lines.find((l: { product_id: number }) => l.product_id === productId),
    ).toMatchObject({
      sku: quoted.sku,
      adobe: {
        sku: quoted.sku,
        customer_id: quoted.customer_id,
        company_name: customer!.company_name,
        three_year_commitment: true,
      },
    });

    const placed = (
      await dealer.post('/api/checkout', { sell_type: 2 }, { 'idempotency-key': `adobe-${kind}-1` })
    ).json().data;
    const order = await waitFor(
      async () => (await dealer.get(`/api/orders/${placed.id}`)).json().data,
      {
        until: (detail) => detail.status === 'completed',
        message: `order ${placed.id} completed`,
      },
    );
    expect(order.status).toBe('completed');
    const item = order.items.find((i: { provider_id: number }) => i.provider_id === 3);
    expect(item.adobe).toMatchObject({
      sku: quoted.sku,
      status: '1000',
      three_year_commitment: true,
      company_name: customer!.company_name,
    });
    // one SKU per purchase: the order item is the offer Adobe quoted (issue 33)
    expect(item.sku).toBe(quoted.sku);
    expect(item.adobe.subscription_id).toMatch(/^S/);
    const subscriptions = await ctx.app.adobe.listSubscriptions(item.adobe.customer_id);
    const mine = subscriptions.items.filter((s) => s.subscriptionId === item.adobe.subscription_id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.currentQuantity).toBe(15);
    // the same externalReferenceId never places a second order at Adobe
    const replay = await ctx.app.adobe.placeOrder(
      item.adobe.customer_id,
      `esd-order-item-${item.id}`,
      [{ offerId: option!.id, quantity: 15 }],
      true,
    );
    expect(replay.orderId).toBe(item.adobe.order_id);
    // no keys to revoke: an Adobe subscription is not returned through the portal's returns
    expect(item.returnable_until).toBeNull();
    const refused = await dealer.post(`/api/orders/${placed.id}/items/${item.id}/return`, {
      reason: 'no longer needed',
    });
    expect(refused.json()).toMatchObject({ code: 422, data: { error: 'RETURN_WINDOW_CLOSED' } });
  });
});
