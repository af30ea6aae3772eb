/**
 * Issue 34, part 4: the worked example of docs/api.md, run as a dealer's developer would run it,
 * against a real portal listening on a loopback port. With an API key it orders one licence
 * through the typed client (@esd/client), receives the signed `order.completed` webhook on its
 * own receiver, verifies it with standardwebhooks, and fetches the keys: the test checks each
 * step against the database, and that a forged or altered webhook is refused.
 */
import type { AddressInfo } from 'node:net';
import { createEsdClient, EsdApiError, type EsdErrorName, orThrow } from '@esd/client';
import { orderOneLicence, startWebhookReceiver } from '@esd/examples/dealer-shop';
import { messages as messagesAz } from '@esd/shared/errors/messages-az';
import { and, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceKeys, orderItems, orders, users, webhookDeliveries } from '../src/db/schema';
import { servedAnswerMismatches } from './answer-contract';
import { addKeys, as, createProduct, productInput } from './fixtures';
import { createTestContext, dbKinds, type TestContext } from './harness';

describe.each(dbKinds)('[api][example] the dealer shop example on %s', (kind) => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      env: { JOB_POLL_SECONDS: '0.5', WEBHOOK_ALLOW_PRIVATE: 'true' },
    });
    // the example calls the portal with fetch: it must listen on a real port
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => ctx?.close());

  /**
   * What the dealer does once in the portal: a key, and an endpoint whose secret the shop keeps,
   * pointed at the shop's own receiver.
   */
  const openShop = async (dealer: Awaited<ReturnType<typeof as>>, name: string) => {
    const created = await dealer.post('/api/dealer/api-keys', {
      name,
      scopes: ['catalogue:read', 'basket:write', 'orders:read'],
      expires_in_days: 30,
    });
    expect(created.statusCode, created.body).toBe(200);
    const registered = await dealer.post('/api/dealer/webhooks', {
      url: 'http://127.0.0.1:9/not-yet',
      events: ['order.completed'],
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const endpoint = registered.json().data as { id: number; secret: string };
    const receiver = await startWebhookReceiver({ secret: endpoint.secret, port: 0 });
    const moved = await dealer.put(`/api/dealer/webhooks/${endpoint.id}`, {
      url: receiver.url,
      events: ['order.completed'],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    return { apiKey: created.json().data.key as string, endpoint, receiver };
  };

  it('orders with an API key, hears of the completed order by a verified webhook, and fetches that order’s keys', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const [dealerRow] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dealer@example.com'));
    const sku = `SHOP-EXAMPLE-${kind.toUpperCase()}`;
    const productId = await createProduct(ctx, { sku });
    const stock = await addKeys(ctx, productId, 3, 'SHOP');

    const { apiKey, endpoint, receiver } = await openShop(dealer, 'My shop');
    try {
      const shop = await orderOneLicence({
        baseUrl,
        apiKey,
        receiver,
        search: sku,
        idempotencyKey: `shop-order-${kind}-1`,
      });

      // the order is the dealer's, for the product found, charged what the review said
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, shop.orderId));
      expect(order).toMatchObject({
        dealerId: dealerRow!.id,
        buyerId: dealerRow!.id,
        status: 'completed',
        sellType: 2,
        totalAzn: shop.review.total_azn,
      });
      const items = await ctx.db
        .select({ id: orderItems.id, productId: orderItems.productId })
        .from(orderItems)
        .where(eq(orderItems.orderId, shop.orderId));
      expect(items.map((item) => item.productId)).toEqual([productId]);

      // the webhook the example trusted is the portal's own delivery, and it verified
      expect(shop.completed.data.order_id).toBe(shop.orderId);
      const [delivery] = await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpoint.id),
            eq(webhookDeliveries.eventType, 'order.completed'),
          ),
        );
      expect(delivery).toMatchObject({
        eventId: shop.completed.id,
        status: 'succeeded',
        lastStatusCode: 204,
      });
      expect(receiver.rejected()).toBe(0);

      // the keys it fetched are the ones the order holds, taken from the stock
      const held = await ctx.db
        .select({ key: licenceKeys.key })
        .from(licenceKeys)
        .where(
          inArray(
            licenceKeys.orderItemId,
            items.map((item) => item.id),
          ),
        );
      expect(held).toHaveLength(1);
      expect(shop.keys).toEqual(held.map((row) => row.key));
      expect(stock).toContain(shop.keys[0]);
      // and no webhook carried one
      for (const key of stock) expect(JSON.stringify(receiver.events)).not.toContain(key);

      // a forged webhook (another secret) and an altered one (body changed after signing) are
      // refused and never reach the shop's events; one signed with the secret is taken
      const body = JSON.stringify({
        type: 'order.completed',
        timestamp: new Date().toISOString(),
        data: { order_id: 999_999 },
      });
      const now = new Date();
      const send = (id: string, payload: string, signature: string) =>
        fetch(receiver.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            // the time that was signed: a header of another second would not verify
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body: payload,
        });
      const forger = new Webhook(
        `whsec_${Buffer.from('not the secret, 32 bytes long!!!').toString('base64')}`,
      );
      const genuine = new Webhook(endpoint.secret);
      const forged = await send('msg_forged', body, forger.sign('msg_forged', now, body));
      const altered = await send(
        'msg_altered',
        body.replace('999999', String(shop.orderId)),
        genuine.sign('msg_altered', now, body),
      );
      expect([forged.status, altered.status]).toEqual([400, 400]);
      expect(receiver.rejected()).toBe(2);
      const signed = await send('msg_signed', body, genuine.sign('msg_signed', now, body));
      expect(signed.status).toBe(204);
      expect(receiver.events.map((event) => event.id)).toEqual([shop.completed.id, 'msg_signed']);

      // every answer the portal sent the example kept its documented contract
      expect(servedAnswerMismatches(ctx.app)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('when the price rises between review and placing, places the new review within its limit, and over it orders nothing', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const gd = await as(ctx, 'gd@example.com');
    const { apiKey, endpoint, receiver } = await openShop(dealer, 'Shop with a limit');
    const ordersNow = async () => (await ctx.db.select({ id: orders.id }).from(orders)).length;

    /** A product whose dealer price the admin changes as the shop's order is on its way. */
    const raisedOnPlacing = async (sku: string, price: string) => {
      const productId = await createProduct(ctx, { sku, dealer_price: '100.00' });
      await addKeys(ctx, productId, 2, sku);
      let raised = false;
      type Seen = { total_usd_with_vat: string; total_azn: string; lines: { unit_usd: string }[] };
      const reviews: Seen[] = [];
      const interleaved: typeof fetch = async (input, init) => {
        const request = new Request(input, init);
        if (
          !raised &&
          request.method === 'POST' &&
          new URL(request.url).pathname === '/api/checkout'
        ) {
          raised = true;
          const changed = await gd.put(
            `/api/settings/products/${productId}`,
            productInput({ sku, dealer_price: price }),
          );
          expect(changed.statusCode, changed.body).toBe(200);
        }
        const response = await fetch(request);
        if (request.method === 'GET' && new URL(request.url).pathname === '/api/checkout') {
          reviews.push(((await response.clone().json()) as { data: Seen }).data);
        }
        return response;
      };
      return { productId, fetch: interleaved, raised: () => raised, reviews };
    };

    try {
      // within the limit: the first placing is refused, the new review is placed, and the
      // order charges exactly that new review
      const within = await raisedOnPlacing(`SHOP-LIMIT-OK-${kind.toUpperCase()}`, '105.00');
      const lines: string[] = [];
      const shop = await orderOneLicence({
        baseUrl,
        apiKey,
        receiver,
        search: `SHOP-LIMIT-OK-${kind.toUpperCase()}`,
        maxTotalUsd: '200.00',
        fetch: within.fetch,
        log: (line) => lines.push(line),
      });
      expect(within.raised()).toBe(true);
      expect(lines.some((line) => line.startsWith('prices changed'))).toBe(true);
      // the review the shop first saw, then the one it placed: the raised price
      const [first] = within.reviews;
      expect(within.reviews).toHaveLength(1);
      expect(shop.review.lines[0]?.unit_usd).not.toBe(first?.lines[0]?.unit_usd);
      expect(lines).toContain(
        `review: ${first?.total_usd_with_vat} USD with VAT, ${first?.total_azn} AZN`,
      );
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, shop.orderId));
      expect(order).toMatchObject({ status: 'completed', totalAzn: shop.review.total_azn });
      expect(shop.keys).toHaveLength(1);

      // over the limit: refused, nothing ordered, the basket line stays for the shop to decide
      const over = await raisedOnPlacing(`SHOP-LIMIT-OVER-${kind.toUpperCase()}`, '500.00');
      const before = await ordersNow();
      const refused = await orderOneLicence({
        baseUrl,
        apiKey,
        receiver,
        search: `SHOP-LIMIT-OVER-${kind.toUpperCase()}`,
        maxTotalUsd: '200.00',
        fetch: over.fetch,
      }).catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Error);
      expect((refused as Error).message).toMatch(
        /over the shop's limit of 200\.00: nothing was ordered/,
      );
      expect(await ordersNow()).toBe(before);
      const basket = (await dealer.get('/api/basket')).json().data.products as {
        id: number;
        product_id: number;
        quantity: number;
      }[];
      const left = basket.filter((line) => line.product_id === over.productId);
      expect(left.map((line) => line.quantity)).toEqual([1]);
      for (const line of left) await dealer.get(`/api/basket/remove/${line.id}/${line.quantity}`);
      expect(servedAnswerMismatches(ctx.app)).toEqual([]);
    } finally {
      await dealer.del(`/api/dealer/webhooks/${endpoint.id}`);
      await receiver.close();
    }
  });

  it('types every refusal as the error envelope, in the language asked for', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const created = await dealer.post('/api/dealer/api-keys', {
      name: 'Catalogue only',
      scopes: ['catalogue:read'],
      expires_in_days: 30,
    });
    expect(created.statusCode, created.body).toBe(200);
    const esd = createEsdClient({ baseUrl, apiKey: created.json().data.key, language: 'az' });

    const { data, error, response } = await esd.GET('/api/orders', {
      params: { query: { page: 1 } },
    });
    expect(data).toBeUndefined();
    expect(response.status).toBe(403);
    const name: EsdErrorName | undefined = error?.data.error;
    expect(name).toBe('API_KEY_SCOPE');
    expect(error?.code).toBe(403);
    expect(error?.message).toBe(messagesAz.API_KEY_SCOPE);

    const refused = await orThrow(
      createEsdClient({ baseUrl, apiKey: 'esd_wrongkey_0000000000000000000000' }).GET(
        '/api/products',
        {},
      ),
    ).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(EsdApiError);
    expect(refused).toMatchObject({ status: 401, errorName: 'UNAUTHORIZED' });

    // @ts-expect-error a name the document does not list is no error name
    const unknown: EsdErrorName = 'NOT_DOCUMENTED';
    expect(unknown).toBeDefined();
    expect(servedAnswerMismatches(ctx.app)).toEqual([]);
  });
});
