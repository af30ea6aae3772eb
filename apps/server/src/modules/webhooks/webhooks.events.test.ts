/**
 * Issue 34, part 3: the events webhooks.test.ts does not deliver — an order cancelled, a return
 * decided, an Adobe subscription renewing — each reach the dealer's endpoint signed, with the
 * payload docs/domain/webhooks.md documents: exactly those fields, ids and exact amounts read
 * from the database, never a licence key. Real loopback receiver (WEBHOOK_ALLOW_PRIVATE=true).
 */
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { orders, products, users, webhookDeliveries } from '../../db/schema';
import { sendRenewalReminders } from '../adobe/adobe.jobs';

type Caller = Awaited<ReturnType<typeof as>>;
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
type Payload = { type: string; timestamp: string; data: Record<string, unknown> };

const iso = (at: Date | null) => at?.toISOString() ?? null;

describe.each(dbKinds)(
  '[webhooks] cancelled orders, decided returns and Adobe renewals on %s',
  (kind) => {
    let ctx: TestContext;
    let receiver: Receiver;
    let secret: string;
    let endpointId: number;
    let dealer: Caller;
    let gd: Caller;
    let dealerId: number;

    /** The one signed delivery of `type` whose data matches, verified with the endpoint's secret. */
    const delivered = async (type: string, matches: (data: Record<string, unknown>) => boolean) => {
      const [request] = await waitFor(
        () =>
          receiver.received.filter((r) => {
            const body = JSON.parse(r.body) as Payload;
            return body.type === type && matches(body.data);
          }),
        { until: (found) => found.length > 0, message: `${type} delivered` },
      );
      const payload = new Webhook(secret).verify(
        request!.body,
        request!.headers as Record<string, string>,
      ) as Payload;
      const [row] = await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.eventId, String(request!.headers['webhook-id'])),
          ),
        );
      expect(row?.eventType).toBe(type);
      return { payload, body: request!.body };
    };

    /** What every order event carries, as the order now stands in the database. */
    const orderData = async (orderId: number) => {
      const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
      return {
        order_id: order!.id,
        dealer_id: order!.dealerId,
        buyer_id: order!.buyerId,
        status: order!.status,
        sell_type: order!.sellType === 2 ? 'credit' : 'cash',
        total_usd: order!.totalUsd,
        vat_usd: order!.vatUsd,
        total_azn: order!.totalAzn,
        refunded_usd: order!.refundedUsd,
        refunded_azn: order!.refundedAzn,
        placed_at: iso(order!.createdAt),
        paid_at: iso(order!.paidAt),
        completed_at: iso(order!.completedAt),
        cancelled_at: iso(order!.cancelledAt),
      };
    };

    const placeOnCredit = async (productId: number, quantity: number) => {
      expect((await dealer.get(`/api/basket/add/${productId}/${quantity}/2`)).statusCode).toBe(200);
      const placed = await dealer.post(
        '/api/checkout',
        { sell_type: 2 },
        { 'idempotency-key': `webhook-events-${Math.random().toString(36).slice(2)}` },
      );
      expect(placed.statusCode, placed.body).toBe(200);
      return placed.json().data.id as number;
    };

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
      ctx = await createTestContext(kind, {
        env: { JOB_POLL_SECONDS: '0.5', WEBHOOK_ALLOW_PRIVATE: 'true' },
      });
      [dealer, gd] = await Promise.all([as(ctx, 'dealer@example.com'), as(ctx, 'gd@example.com')]);
      const [row] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'dealer@example.com'));
      dealerId = row!.id;
      const created = await dealer.post('/api/dealer/webhooks', {
        url: receiver.url(),
        events: ['order.cancelled', 'return.decided', 'adobe.subscription.renewing'],
      });
      expect(created.statusCode, created.body).toBe(200);
      ({ id: endpointId, secret } = created.json().data as { id: number; secret: string });
    });

    afterAll(async () => {
      await ctx?.close();
      await receiver?.close();
    });

    it('order.cancelled: an order an admin cancels before any key went out, with its amounts', async () => {
      // no keys in stock: the credit order is paid and waits, so it can still be cancelled
      const productId = await createProduct(ctx, { sku: 'HOOK-CANCEL' });
      const orderId = await placeOnCredit(productId, 2);
      const cancelled = await gd.post(`/api/orders/${orderId}/cancel`, { note: 'out of stock' });
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const { payload } = await delivered('order.cancelled', (d) => d.order_id === orderId);
      const expected = await orderData(orderId);
      expect(payload.data).toEqual(expected);
      expect(expected).toMatchObject({
        status: 'cancelled',
        sell_type: 'credit',
        dealer_id: dealerId,
      });
      expect(expected.cancelled_at).not.toBeNull();
      // credit not yet settled is restored, not refunded: no money went back (orders.rules.ts)
      expect([expected.refunded_usd, expected.refunded_azn]).toEqual(['0.00', '0.00']);
      expect(expected.total_usd).toMatch(/^\d+\.\d{2}$/);
    });

    it('return.decided: an approved return carries its id, the decision and the refund, never the keys', async () => {
      const productId = await createProduct(ctx, { sku: 'HOOK-RETURN' });
      const stock = await addKeys(ctx, productId, 2, 'HOOKRET');
      const orderId = await placeOnCredit(productId, 1);
      const detail = await waitFor(
        async () => (await dealer.get(`/api/orders/${orderId}`)).json().data,
        {
          until: (d) => d.status === 'completed',
          message: `order ${orderId} completed`,
        },
      );
      const item = detail.items[0] as { id: number; keys: { key: string }[] };
      expect(stock).toContain(item.keys[0]!.key);
      const asked = await dealer.post(`/api/orders/${orderId}/items/${item.id}/return`, {
        reason: 'The end customer cancelled.',
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const returnId = (
        asked.json().data.items as { id: number; return_request: { id: number } }[]
      ).find((i) => i.id === item.id)!.return_request.id;
      const decided = await gd.post(`/api/orders/${orderId}/returns/${returnId}/decide`, {
        approve: true,
      });
      expect(decided.statusCode, decided.body).toBe(200);

      const { payload, body } = await delivered('return.decided', (d) => d.return_id === returnId);
      const expected = { ...(await orderData(orderId)), return_id: returnId, approved: true };
      expect(payload.data).toEqual(expected);
      // the approved return gave the line's money back
      expect(expected.refunded_usd).not.toBe('0.00');
      for (const key of stock) expect(body).not.toContain(key);
    });

    it('adobe.subscription.renewing: the 30-day reminder of a customer’s subscription, with its ids and quantities', async () => {
      const [product] = await ctx.db
        .select()
        .from(products)
        .where(and(eq(products.providerId, 3), eq(products.isActive, true)))
        .limit(1);
      const created = await dealer.post('/api/adobe/customers', {
        company_name: `Webhook Renewals ${kind}`,
        market_segment: 'COM',
        country: 'AZ',
        region: '',
        city: 'Baku',
        address_line1: '1 Fountain Square',
        postal_code: 'AZ1000',
        phone_number: '+994 12 555 00 00',
        contact_first_name: 'Rena',
        contact_last_name: 'Guliyeva',
        contact_email: 'rena@renewal.example',
        contact_phone_number: '+994 50 555 00 00',
      });
      expect(created.statusCode, created.body).toBe(200);
      const customer = created.json().data as { id: number; customer: { customerId: string } };
      await ctx.app.adobe.placeOrder(
        customer.customer.customerId,
        `hook-renewal-${kind}`,
        [{ offerId: product!.sku, quantity: 12 }],
        true,
      );
      const listed = await dealer.get(`/api/adobe/customers/${customer.id}/subscriptions`);
      expect(listed.statusCode, listed.body).toBe(200);
      const [subscription] = listed.json().data as {
        subscription_id: string;
        offer_id: string;
        renewal_date: string;
        renewal_quantity: number;
        auto_renew: boolean;
      }[];

      // the daily job's run, 30 days before the renewal (noon in Baku)
      const thirtyBefore = new Date(
        Date.parse(`${subscription!.renewal_date}T08:00:00Z`) - 30 * 86_400_000,
      );
      const sent = await sendRenewalReminders(
        {
          db: ctx.db,
          adobe: ctx.app.adobe,
          mailer: ctx.app.mailer,
          config: ctx.config,
          events: ctx.app.domainEvents,
        },
        thirtyBefore,
      );
      expect(sent).toBeGreaterThanOrEqual(1);

      const { payload } = await delivered(
        'adobe.subscription.renewing',
        (d) => d.subscription_id === subscription!.subscription_id,
      );
      expect(payload.data).toEqual({
        customer_id: customer.id,
        subscription_id: subscription!.subscription_id,
        offer_id: subscription!.offer_id,
        renewal_date: subscription!.renewal_date,
        renewal_quantity: 12,
        auto_renew: true,
        days_before: 30,
      });
      expect(subscription).toMatchObject({ renewal_quantity: 12, auto_renew: true });
    });
  },
);
