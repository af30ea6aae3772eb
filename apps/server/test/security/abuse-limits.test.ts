import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, orders } from '../../src/db/schema';
import { addKeys, as, createProduct } from '../fixtures';
import { createTestContext, dbKinds, type TestContext } from '../harness';
import { waitFor } from '../wait-for';

/**
 * Issue 18: mails a user can make the portal send are limited per user and per recipient, and
 * reset mails per address typed, in counters every server process shares (usage_counters).
 */
describe.each(dbKinds)('[security][abuse limits] mails a user can trigger on %s', (kind) => {
  let ctx: TestContext;
  let orderId: number;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { ANONYMOUS_RATE_LIMIT_PER_MINUTE: '1000' } });
    const productId = await createProduct(ctx, { sku: `ABUSE-${kind}` });
    await addKeys(ctx, productId, 5);
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${productId}/1/2`);
    const placed = await dealer.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `abuse-${kind}-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    orderId = placed.json().data.id;
    await waitFor(() => ctx.db.select().from(orders).where(eq(orders.id, orderId)), {
      until: ([row]) => row?.status === 'completed',
      message: `order ${orderId} completed`,
      timeoutMs: 20_000,
    });
  }, 60_000);
  afterAll(async () => ctx?.close());

  const mailsTo = async (to: string) =>
    (await ctx.db.select().from(mailMessages).where(sql`lower(${mailMessages.to}) = ${to}`)).length;

  it('sends keys to one address at most 10 times an hour, then answers 429 with the wait', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const statuses: number[] = [];
    let refusal: { code: number; message: string; data: Record<string, unknown> } | undefined;
    for (let i = 0; i < 12; i++) {
      const sent = await dealer.post(`/api/orders/${orderId}/send-keys`, {
        email: 'Flooded@Example.com',
      });
      statuses.push(sent.statusCode);
      if (sent.statusCode === 429) refusal = sent.json();
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    expect(refusal).toMatchObject({
      code: 429,
      message: expect.stringMatching(
        /^Too many mails to this address: try again in \d+ minutes\.$/,
      ),
      data: { error: 'RATE_LIMITED', retry_after: expect.any(Number) },
    });
    expect(refusal!.data.retry_after as number).toBeLessThanOrEqual(3600);
    // the mails that went out are the ten allowed (sent after the answer)
    await waitFor(() => mailsTo('flooded@example.com'), {
      until: (mails) => mails >= 10,
      message: 'ten mails to flooded@example.com',
    });
    expect(await mailsTo('flooded@example.com')).toBe(10);
    // another address is not held back by this one
    const other = await dealer.post(`/api/orders/${orderId}/send-keys`, {
      email: 'someone.else@example.com',
    });
    expect(other.statusCode).toBe(200);
  });

  it('sends reset links for one address at most 5 times an hour, whoever asks and whether or not it exists', async () => {
    for (const email of ['user@example.com', 'nobody-here@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const asked = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: i % 2 ? email.toUpperCase() : email },
          remoteAddress: `10.77.0.${i + 1}`,
        });
        statuses.push(asked.statusCode);
      }
      expect(statuses, email).toEqual([200, 200, 200, 200, 200, 429, 429]);
    }
  });
});
