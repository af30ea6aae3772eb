/**
 * Issue 34, part 3: a dealer's events reach its webhook endpoints signed as Standard Webhooks
 * says, only its own; a failing endpoint is retried with growing waits and, three days on (the
 * injected clock), gives up, is disabled and its dealer mailed; a rolled secret signs beside the
 * new one for a day. Real HTTP receivers on loopback (WEBHOOK_ALLOW_PRIVATE=true), real SMTP.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { settableClock } from '../../../test/settable-clock';
import { startSmtpServer } from '../../../test/smtp-server';
import { waitFor } from '../../../test/wait-for';
import { startWebhookReceiver } from '../../../test/webhook-receiver';
import { orders, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

type Caller = Awaited<ReturnType<typeof as>>;
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const ALL_EVENTS = [
  'order.placed',
  'order.paid',
  'order.completed',
  'order.cancelled',
  'return.decided',
  'adobe.subscription.renewing',
];

describe.each(dbKinds)('[webhooks] signed deliveries of a dealer’s events on %s', (kind) => {
  const start = new Date();
  const clock = settableClock(start);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: TestContext;
  let dealer: Caller;
  let dealer2: Caller;
  let endUser: Caller;
  const receivers: Receiver[] = [];

  const receiver = async () => {
    const r = await startWebhookReceiver();
    receivers.push(r);
    return r;
  };

  /** Registers an endpoint of `caller` at the receiver; its id and secret. */
  const register = async (caller: Caller, url: string, events = ALL_EVENTS) => {
    const created = await caller.post('/api/dealer/webhooks', { url, events });
    expect(created.statusCode, created.body).toBe(200);
    const data = created.json().data as { id: number; secret: string };
    onTestFinished(async () => {
      await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, data.id));
    });
    return data;
  };

  const deliveriesOf = (endpointId: number) =>
    ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(webhookDeliveries.id);

  const buy = async (caller: Caller, productId: number, sellType: 1 | 2) => {
    expect((await caller.get(`/api/basket/add/${productId}/1/${sellType}`)).statusCode).toBe(200);
    const placed = await caller.post(
      '/api/checkout',
      { sell_type: sellType },
      { 'idempotency-key': `webhooks-${Math.random().toString(36).slice(2)}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data.id as number;
  };

  const verify = (secret: string, request: { headers: Record<string, unknown>; body: string }) =>
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext(kind, {
      clock,
      env: {
        SMTP_URL: smtp.url,
        JOB_POLL_SECONDS: '0.5',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_BASE_SECONDS: '2',
      },
    });
    [dealer, dealer2, endUser] = await Promise.all([
      as(ctx, 'dealer@example.com'),
      as(ctx, 'dealer2@example.com'),
      as(ctx, 'user@example.com'),
    ]);
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('tells a dealer’s endpoint its orders placed, paid and completed, signed, with amounts and no keys; another dealer’s endpoint hears none of it', async () => {
    const mine = await receiver();
    const theirs = await receiver();
    const { secret } = await register(dealer, mine.url());
    const other = await register(dealer2, theirs.url());
    const productId = await createProduct(ctx, { sku: 'HOOK-ORDER' });
    const keys = await addKeys(ctx, productId, 3);

    const creditOrder = await buy(dealer, productId, 2);
    await waitFor(() => mine.ofType('order.completed').length > 0, {
      message: 'order.completed delivered',
    });
    const cashOrder = await buy(endUser, productId, 1);
    await waitFor(() => mine.ofType('order.placed').length >= 2, {
      message: 'both order.placed delivered',
    });

    const [placed, paid, completed] = ['order.placed', 'order.paid', 'order.completed'].map(
      (type) => mine.ofType(type).find((r) => JSON.parse(r.body).data.order_id === creditOrder),
    );
    for (const request of [placed, paid, completed]) {
      expect(request).toBeDefined();
      const payload = verify(secret, request!) as { type: string; data: Record<string, unknown> };
      expect(payload.data.order_id).toBe(creditOrder);
      expect(payload.data.sell_type).toBe('credit');
      expect(payload.data.total_usd).toMatch(/^\d+\.\d{2}$/);
      expect(request!.headers['webhook-id']).toMatch(/^msg_/);
      for (const key of keys) expect(request!.body).not.toContain(key);
    }
    // one message id per event: placed, paid and completed are three
    expect(new Set([placed, paid, completed].map((r) => r!.headers['webhook-id'])).size).toBe(3);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, creditOrder));
    expect(JSON.parse(completed!.body).data.total_azn).toBe(order!.totalAzn);

    // the end user's cash order is its dealer's event
    const userPlaced = mine
      .ofType('order.placed')
      .find((r) => JSON.parse(r.body).data.order_id === cashOrder);
    expect(verify(secret, userPlaced!)).toMatchObject({ data: { sell_type: 'cash' } });
    expect(
      mine.ofType('order.paid').some((r) => JSON.parse(r.body).data.order_id === cashOrder),
    ).toBe(false);

    // a signature made with another secret does not verify
    expect(() => verify(other.secret, placed!)).toThrow();
    expect(theirs.received).toEqual([]);
    expect(await deliveriesOf(other.id)).toEqual([]);
  });

  it('retries a failing endpoint with growing waits, then after three days gives up, disables it and mails its dealer in its language', async () => {
    onTestFinished(() => clock.set(start));
    await ctx.db.update(users).set({ lang: 'az' }).where(eq(users.email, 'dealer2@example.com'));
    onTestFinished(async () => {
      await ctx.db.update(users).set({ lang: 'en' }).where(eq(users.email, 'dealer2@example.com'));
    });
    const failing = await receiver();
    failing.answer(500);
    const { id } = await register(dealer2, failing.url());

    const ping = await dealer2.post(`/api/dealer/webhooks/${id}/ping`, {});
    expect(ping.statusCode, ping.body).toBe(200);

    const waits: number[] = [];
    for (const attempts of [1, 2]) {
      const [delivery] = await waitFor(() => deliveriesOf(id), {
        until: ([d]) => d?.attempts === attempts,
        message: `attempt ${attempts} recorded`,
      });
      expect(delivery!.status).toBe('failed');
      expect(delivery!.lastStatusCode).toBe(500);
      waits.push(delivery!.nextAttemptAt!.getTime() - delivery!.lastAttemptAt!.getTime());
    }
    expect(waits).toEqual([2_000, 4_000]);

    // three days after the first attempt, the next failure is the last
    clock.set(new Date(start.getTime() + 3 * 24 * 60 * 60 * 1000));
    const [gaveUp] = await waitFor(() => deliveriesOf(id), {
      until: ([d]) => d?.status === 'gave_up',
      message: 'the delivery gave up',
    });
    expect(gaveUp!.attempts).toBe(3);
    expect(gaveUp!.nextAttemptAt).toBeNull();
    // every attempt carried the same message id
    expect(new Set(failing.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(failing.received).toHaveLength(3);

    const [endpoint] = await ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id));
    expect(endpoint!.disabledAt).not.toBeNull();
    const [mail] = await waitFor(
      () => smtp.received.filter((m) => m.to.includes('dealer2@example.com')),
      { until: (found) => found.length > 0, message: 'the dealer mailed' },
    );
    expect(mail!.subject).toBe('Vebhuk ünvanınız söndürüldü');
    expect(mail!.text).toContain(failing.url());

    // a disabled endpoint gets no new events and cannot be pinged until enabled again
    clock.set(start);
    const refused = await dealer2.post(`/api/dealer/webhooks/${id}/ping`, {});
    expect(refused.statusCode).toBe(409);
    const listed = (await dealer2.get('/api/dealer/webhooks')).json().data;
    expect(listed.find((e: { id: number }) => e.id === id)).toMatchObject({ enabled: false });

    // enabled again and answering, a resend of the given-up delivery succeeds
    failing.answer(200);
    expect((await dealer2.post(`/api/dealer/webhooks/${id}/enable`, {})).statusCode).toBe(200);
    const resent = await dealer2.post(
      `/api/dealer/webhooks/${id}/deliveries/${gaveUp!.id}/resend`,
      {},
    );
    expect(resent.statusCode, resent.body).toBe(200);
    await waitFor(() => deliveriesOf(id), {
      until: ([d]) => d?.status === 'succeeded',
      message: 'the resent delivery succeeded',
    });
  });

  it('signs with both secrets while a rolled one overlaps, and with the new one only after', async () => {
    onTestFinished(() => clock.set(start));
    const r = await receiver();
    const { id, secret: old } = await register(dealer, r.url());
    const rolled = await dealer.post(`/api/dealer/webhooks/${id}/roll-secret`, {});
    expect(rolled.statusCode, rolled.body).toBe(200);
    const fresh = rolled.json().data.secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(fresh).not.toBe(old);
    expect(rolled.json().data.previous_secret_expires_at).not.toBeNull();

    await dealer.post(`/api/dealer/webhooks/${id}/ping`, {});
    await waitFor(() => r.received.length === 1, { message: 'the ping during the overlap' });
    const during = r.received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(fresh, during)).toMatchObject({ type: 'ping' });
    expect(verify(old, during)).toMatchObject({ type: 'ping' });

    clock.set(new Date(start.getTime() + 25 * 60 * 60 * 1000));
    // a day on, the morning's session has ended: sign in again
    const later = await as(ctx, 'dealer@example.com');
    const pinged = await later.post(`/api/dealer/webhooks/${id}/ping`, {});
    expect(pinged.statusCode, pinged.body).toBe(200);
    expect(pinged.json().data).toMatchObject({ event_type: 'ping' });
    await waitFor(() => r.received.length === 2, { message: 'the ping after the overlap' });
    const after = r.received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(fresh, after)).toMatchObject({ type: 'ping' });
    expect(() => verify(old, after)).toThrow();
  });

  it('keeps each dealer to its own endpoints and logs', async () => {
    const r = await receiver();
    const { id } = await register(dealer, r.url());
    await dealer.post(`/api/dealer/webhooks/${id}/ping`, {});
    await waitFor(() => deliveriesOf(id), {
      until: ([d]) => d?.status === 'succeeded',
      message: 'ping delivered',
    });
    const log = await dealer.get(`/api/dealer/webhooks/${id}/deliveries?page=1&perPage=10`);
    expect(log.statusCode).toBe(200);
    expect(log.json().data).toMatchObject({
      total: 1,
      items: [{ event_type: 'ping', status: 'succeeded', last_status_code: 204, attempts: 1 }],
    });
    const [delivery] = await deliveriesOf(id);
    for (const [method, url] of [
      ['GET', `/api/dealer/webhooks/${id}/deliveries`],
      ['PUT', `/api/dealer/webhooks/${id}`],
      ['DELETE', `/api/dealer/webhooks/${id}`],
      ['POST', `/api/dealer/webhooks/${id}/roll-secret`],
      ['POST', `/api/dealer/webhooks/${id}/ping`],
      ['POST', `/api/dealer/webhooks/${id}/enable`],
      ['POST', `/api/dealer/webhooks/${id}/deliveries/${delivery!.id}/resend`],
    ] as const) {
      const answer =
        method === 'GET'
          ? await dealer2.get(url)
          : method === 'PUT'
            ? await dealer2.put(url, { url: r.url(), events: ['order.paid'] })
            : method === 'DELETE'
              ? await dealer2.del(url)
              : await dealer2.post(url, {});
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    const listed = (await dealer2.get('/api/dealer/webhooks')).json().data as { id: number }[];
    expect(listed.map((e) => e.id)).not.toContain(id);
    expect(await deliveriesOf(id)).toHaveLength(1);
  });

  it('an endpoint added elsewhere (another process, by hand) hears the next order at once, though this process had found its dealer without one', async () => {
    const productId = await createProduct(ctx, { sku: 'HOOK-LATE' });
    await addKeys(ctx, productId, 2);
    // this process reads its dealers with endpoints: dealer2 has none, so nothing is told
    const before = await buy(dealer2, productId, 2);
    const r = await receiver();
    const [owner] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dealer2@example.com'));
    // written straight to the database, as another process would: only its notification tells
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({
        dealerId: owner!.id,
        url: r.url(),
        events: ['order.paid'],
        secret: `whsec_${Buffer.from('a-secret-of-24-bytes-abc').toString('base64')}`,
      })
      .returning();
    onTestFinished(async () => {
      await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id));
    });
    const after = await buy(dealer2, productId, 2);
    await waitFor(() => r.ofType('order.paid').length > 0, { message: 'order.paid delivered' });
    expect(r.ofType('order.paid').map((request) => JSON.parse(request.body).data.order_id)).toEqual(
      [after],
    );
    expect(after).not.toBe(before);
  });
});

describe.each(dbKinds)('[webhooks][ssrf] private targets refused on %s', (kind) => {
  let ctx: TestContext;
  let dealer: Caller;
  let r: Receiver;

  beforeAll(async () => {
    r = await startWebhookReceiver();
    ctx = await createTestContext(kind, {
      env: { JOB_POLL_SECONDS: '0.5', WEBHOOK_ALLOW_PRIVATE: 'false' },
    });
    dealer = await as(ctx, 'dealer@example.com');
  });

  afterAll(async () => {
    await ctx?.close();
    await r?.close();
  });

  it('refuses to register a URL that is not https or resolves to a private address', async () => {
    const before = await ctx.db.select().from(webhookEndpoints);
    for (const url of [
      `https://localhost:${r.port}/hooks`,
      `https://127.0.0.1:${r.port}/hooks`,
      'https://[::1]/hooks',
      'https://10.1.2.3/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hooks',
      'https://[fe80::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'http://example.com/hooks',
    ]) {
      const refused = await dealer.post('/api/dealer/webhooks', { url, events: ['order.paid'] });
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json().data.error, url).toBe('WEBHOOK_URL_REFUSED');
    }
    // nothing stored (the other test of this context may have stored its own endpoint)
    expect(await ctx.db.select().from(webhookEndpoints)).toEqual(before);
  });

  it('refuses at delivery a name that resolves to loopback, whatever registration let through', async () => {
    const [dealerRow] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dealer@example.com'));
    // as if it had resolved to a public address when registered
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({
        dealerId: dealerRow!.id,
        url: `https://localhost:${r.port}/hooks`,
        events: ['order.paid'],
        secret: `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`,
      })
      .returning();
    const ping = await dealer.post(`/api/dealer/webhooks/${endpoint!.id}/ping`, {});
    expect(ping.statusCode, ping.body).toBe(200);
    const [delivery] = await waitFor(
      () =>
        ctx.db
          .select()
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint!.id)),
      { until: ([d]) => (d?.attempts ?? 0) >= 1, message: 'the attempt recorded' },
    );
    expect(delivery!.status).toBe('failed');
    expect(delivery!.lastStatusCode).toBeNull();
    expect(delivery!.lastError).toMatch(/^refused: localhost resolves to a refused address/);
    expect(r.received).toEqual([]);
  });
});
