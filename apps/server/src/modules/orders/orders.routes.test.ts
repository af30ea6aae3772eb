import { CREDIT_LIMIT_MESSAGE } from '@esd/shared/orders/orders.rules';
import { sumMoney } from '@esd/shared/shop/money';
import { and, count, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { JOBS_SCHEMA } from '../../db/migrate';
import {
  basketItems,
  countries,
  licenceKeys,
  mailMessages,
  orderItems,
  orders,
  users,
} from '../../db/schema';
import { QUEUES } from '../delivery/delivery.jobs';
import { raiseLateDeliveryAlerts } from '../delivery/delivery.service';
import { itemSkuMatches, itemTitleMatches } from './orders.repository';

type Detail = {
  id: number;
  status: string;
  sell_type: number;
  total_usd: string;
  total_azn: string;
  rate: string;
  items: {
    id: number;
    status: string;
    delivered: number;
    quantity: number;
    returnable_until: string | null;
    keys: { id: number; key: string; status: string; activated_for: string | null }[];
    return_request: { id: number; status: string } | null;
  }[];
  history: { from: string | null; to: string; by: string | null }[];
  actions: Record<string, boolean>;
};

let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}`;

describe.each(dbKinds)('[orders] checkout, orders and key delivery on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;
  let vendorId: number;
  let pricyId: number;

  const checkout = async (email: string, sellType: 1 | 2, key = newKey()) => {
    const shopper = await as(ctx, email);
    return shopper.post('/api/checkout', { sell_type: sellType }, { 'idempotency-key': key });
  };

  /** Waits (bounded) until the order reaches a status: delivery runs as a pg-boss job. */
  const waitForStatus = async (email: string, id: number, status: string) => {
    const viewer = await as(ctx, email);
    return waitFor(async () => (await viewer.get(`/api/orders/${id}`)).json().data as Detail, {
      until: (detail) => detail.status === status,
      message: `order ${id} ${status}`,
    });
  };

  /** A cash order of one line, placed and left pending (no delivery runs for it). */
  const pendingCashOrder = async (email: string, product: number, quantity = 1) => {
    await (await as(ctx, email)).get(`/api/basket/add/${product}/${quantity}/1`);
    const placed = await checkout(email, 1);
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data as Detail;
  };

  beforeAll(async () => {
    // a failed delivery's job is due half a second later (5 s by default)
    ctx = await createTestContext(kind, { env: { JOB_BACKSTOP_SECONDS: '0.5' } });
    productId = await createProduct(ctx, { sku: 'ORD-KEYS' });
    vendorId = await createProduct(ctx, { sku: 'ORD-VENDOR', provider_id: 2 });
    pricyId = await createProduct(ctx, {
      sku: 'ORD-PRICY',
      dealer_price: '4000.00',
      unit_price: '4500.00',
    });
    await addKeys(ctx, productId, 50);
  }, 60_000);
  afterAll(async () => ctx?.close());
  // each test fills the baskets it checks out
  beforeEach(async () => {
    await ctx.db.delete(basketItems);
  });

  it('previews the checkout with VAT, the rate and the credit before and after', async () => {
    // a dealer that owes nothing: its open credit orders (of other tests) settled
    const gd = await as(ctx, 'gd@example.com');
    const [dealerRow] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'dealer@example.com'));
    const owed = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.dealerId, dealerRow!.id),
          eq(orders.sellType, 2),
          sql`${orders.creditSettledAt} is null and ${orders.status} <> 'cancelled'`,
        ),
      );
    for (const { id } of owed)
      expect((await gd.post(`/api/orders/${id}/settle-credit`, {})).statusCode).toBe(200);
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${productId}/2/2`);
    const preview = (await dealer.get('/api/checkout?sell_type=2')).json().data;
    // 100.00 dealer price + 5 % Standard markup = 105.00; two of them
    expect(preview).toMatchObject({
      sell_type: 2,
      allowed_sell_types: [1, 2],
      total_usd: '210.00',
      vat_percent: '18.00',
      vat_usd: '37.80',
      total_usd_with_vat: '247.80',
      surcharge_percent: '2.00',
      rate: '1.7000',
      credit: { limit: '5000.00', remaining: '5000.00', remaining_after: '4790.00' },
    });
    // a line's AZN total is the AZN unit price × quantity (invariant 2):
    // 105.00 × 1.02 × 1.7 × 1.18 = 214.8426 → 214.84, × 2 = 429.68
    expect(preview.total_azn).toBe('429.68');
    expect(preview.lines[0]).toMatchObject({ sku: 'ORD-KEYS', quantity: 2, in_stock: true });
    // the same lines for cash draw no credit: what remains stays what it is
    await dealer.get(`/api/basket/add/${productId}/2/1`);
    const cash = (await dealer.get('/api/checkout?sell_type=1')).json().data;
    expect(cash).toMatchObject({ sell_type: 1, total_usd: '210.00' });
    expect(cash.credit).toEqual({
      limit: '5000.00',
      remaining: '5000.00',
      remaining_after: '5000.00',
    });
  });

  it('places a credit order once per Idempotency-Key, empties the basket and delivers keys', async () => {
    await (await as(ctx, 'dealer@example.com')).get(`/api/basket/add/${productId}/2/2`);
    const key = newKey();
    const first = await checkout('dealer@example.com', 2, key);
    expect(first.json()).toMatchObject({ code: 200, message: 'Your order is placed.' });
    const placed = first.json().data as Detail;
    expect(placed).toMatchObject({ sell_type: 2, total_usd: '210.00', total_azn: '429.68' });
    // a retry gets the very same answer (the Stripe model); only a header says it is a replay
    const retried = await checkout('dealer@example.com', 2, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.body).toBe(first.body);
    // the same key with another body (paying another way) is refused and changes nothing
    const other = await checkout('dealer@example.com', 1, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 422,
      message: 'This Idempotency-Key was already used for an order paid another way.',
      data: { error: 'IDEMPOTENCY_KEY_REUSED', order_id: placed.id, sell_type: 2 },
    });
    const [counted] = await ctx.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    expect(counted?.n).toBe(1);
    const [basket] = await ctx.db
      .select({ lines: count() })
      .from(basketItems)
      .innerJoin(users, eq(users.id, basketItems.userId))
      .where(eq(users.email, 'dealer@example.com'));
    expect(basket?.lines).toBe(0);

    const done = await waitForStatus('dealer@example.com', placed.id, 'completed');
    expect(done.status).toBe('completed');
    expect(done.items[0]).toMatchObject({ status: 'delivered', delivered: 2 });
    const keys = done.items[0]!.keys.map((k) => k.key);
    expect(new Set(keys).size).toBe(2);
    expect(done.history.map((h) => h.to)).toEqual(['in_progress', 'delivered', 'completed']);
    expect(done.history[0]!.by).toBe('Caspian Soft LLC');

    // the keys mail goes out by itself when the order completes
    const subject = `Your licence keys for order #${placed.id}`;
    const mails = await waitFor(
      () =>
        ctx.db
          .select()
          .from(mailMessages)
          .where(and(eq(mailMessages.to, 'dealer@example.com'), eq(mailMessages.subject, subject))),
      { until: (found) => found.length > 0, message: `the keys mail of order ${placed.id}` },
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(keys[0]);
  });

  it('needs an Idempotency-Key and a non-empty basket', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const missing = await dealer.post('/api/checkout', { sell_type: 1 });
    expect(missing.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    const empty = await checkout('dealer@example.com', 1);
    expect(empty.json()).toMatchObject({ code: 422, data: { error: 'BASKET_EMPTY' } });
    const admin = await as(ctx, 'gd@example.com');
    expect(
      (await admin.post('/api/checkout', { sell_type: 1 }, { 'idempotency-key': newKey() }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a credit order over the remaining credit with the exact message and writes nothing', async () => {
    const dealer = await as(ctx, 'dealer2@example.com');
    // 2 × 4,000 USD > 3,000 USD limit
    await dealer.get(`/api/basket/add/${pricyId}/2/2`);
    const before = await ctx.db.select({ n: count() }).from(orders);
    const refused = (await checkout('dealer2@example.com', 2)).json();
    expect(refused).toMatchObject({
      code: 422,
      message: CREDIT_LIMIT_MESSAGE,
      data: { error: 'CREDIT_LIMIT' },
    });
    expect(await ctx.db.select({ n: count() }).from(orders)).toEqual(before);
    expect((await dealer.get('/api/basket')).json().data.totalQuantity).toBe(2);
    // checkout takes the lines of its own sell type (invariant 2): none are cash yet
    expect((await checkout('dealer2@example.com', 1)).json()).toMatchObject({
      code: 422,
      data: { error: 'BASKET_EMPTY' },
    });
    // the same products added for cash need no credit: they wait for payment, and the
    // credit line stays in the basket
    await dealer.get(`/api/basket/add/${pricyId}/2/1`);
    const cash = (await checkout('dealer2@example.com', 1)).json().data as Detail;
    expect(cash.status).toBe('pending');
    expect(cash.actions).toMatchObject({ cancel: true, confirm_payment: false });
    // checkout answers with the order exactly as its page then reads it (no delivery runs for a
    // pending order, so nothing changes in between)
    expect((await dealer.get(`/api/orders/${cash.id}`)).json().data).toEqual(cash);
    const cancelled = (
      await dealer.post(`/api/orders/${cash.id}/cancel`, { note: 'changed my mind' })
    ).json();
    expect(cancelled.data.status).toBe('cancelled');
    const left = (await dealer.get('/api/basket')).json().data;
    expect(left.products.map((p: { sell_type: number }) => p.sell_type)).toEqual([2]);
    await dealer.get(`/api/basket/remove/${left.products[0].id}/2`);
  });

  it('lets an admin confirm a cash payment, then delivers; the buyer cannot confirm', async () => {
    const user = await as(ctx, 'user@example.com');
    await user.get(`/api/basket/add/${productId}/1/1`);
    const placed = (await checkout('user@example.com', 1)).json().data as Detail;
    expect(placed.status).toBe('pending');
    expect((await user.post(`/api/orders/${placed.id}/confirm-payment`, {})).statusCode).toBe(403);
    const admin = await as(ctx, 'gd@example.com');
    const confirmed = (await admin.post(`/api/orders/${placed.id}/confirm-payment`, {})).json();
    expect(confirmed.code).toBe(200);
    const done = await waitForStatus('user@example.com', placed.id, 'completed');
    expect(done.items[0]!.keys).toHaveLength(1);
    const again = (await admin.post(`/api/orders/${placed.id}/confirm-payment`, {})).json();
    expect(again).toMatchObject({ code: 409, data: { error: 'INVALID_STATE' } });
  });

  it('scopes orders: own, the dealer’s users’, the local district’s countries, everything', async () => {
    // the seed has orders of both dealers; the user's own is placed here
    await pendingCashOrder('user@example.com', productId);
    const list = async (email: string) =>
      (
        (await (await as(ctx, email)).get('/api/orders?perPage=100')).json().data.items as {
          buyer: { email: string };
        }[]
      ).map((o) => o.buyer.email);
    expect(new Set(await list('user@example.com'))).toEqual(new Set(['user@example.com']));
    expect(new Set(await list('dealer@example.com'))).toEqual(
      new Set(['dealer@example.com', 'user@example.com']),
    );
    expect(new Set(await list('dealer2@example.com'))).toEqual(new Set(['dealer2@example.com']));
    expect(new Set(await list('gd@example.com'))).toEqual(
      new Set(['dealer@example.com', 'user@example.com', 'dealer2@example.com']),
    );
    // move dealer2's orders outside the local district admin's countries (AZ, GE)
    const [other] = await ctx.db
      .select()
      .from(countries)
      .where(notInArray(countries.code, ['AZ', 'GE']))
      .limit(1);
    const [d2] = await ctx.db.select().from(users).where(eq(users.email, 'dealer2@example.com'));
    await ctx.db.update(orders).set({ countryId: other!.id }).where(eq(orders.dealerId, d2!.id));
    expect(await list('ld@example.com')).not.toContain('dealer2@example.com');
    const [hidden] = await ctx.db.select().from(orders).where(eq(orders.dealerId, d2!.id));
    const ld = await as(ctx, 'ld@example.com');
    expect((await ld.get(`/api/orders/${hidden!.id}`)).statusCode).toBe(404);
    const dealer = await as(ctx, 'dealer@example.com');
    expect((await dealer.get(`/api/orders/${hidden!.id}`)).statusCode).toBe(404);
  });

  it('filters by id, SKU, product name, status and dates', async () => {
    // two orders of a product of its own, one of them cancelled
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const filtered = await createProduct(ctx, {
      sku: `ORD-FILTER-${tag}`,
      title: { en: `Filter probe ${tag}`, ru: `Фильтр проба ${tag}`, az: `Filtr ${tag}` },
    });
    const [kept, dropped] = [
      await pendingCashOrder('dealer@example.com', filtered),
      await pendingCashOrder('dealer@example.com', filtered),
    ];
    const gd = await as(ctx, 'gd@example.com');
    const cancelled = await gd.post(`/api/orders/${dropped.id}/cancel`, { note: 'a probe' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const q = async (query: string) =>
      (await gd.get(`/api/orders?${query}`)).json().data as {
        total: number;
        items: { id: number }[];
      };
    const sorted = [kept.id, dropped.id].sort((a, b) => a - b);
    expect((await q(`sku=ord-filter-${tag.toLowerCase()}`)).items.map((o) => o.id).sort()).toEqual(
      sorted,
    );
    expect((await q(`product=${encodeURIComponent(`Фильтр проба ${tag}`)}`)).total).toBe(2);
    const dropouts = await q(`sku=ORD-FILTER-${tag}&status=cancelled`);
    expect(dropouts.items.map((o) => o.id)).toEqual([dropped.id]);
    expect((await q('status=cancelled')).items.map((o) => o.id)).toContain(dropped.id);
    expect((await q(`id=${kept.id}`)).items.map((o) => o.id)).toEqual([kept.id]);
    expect((await q('date_from=2000-01-01&date_to=2000-12-31')).total).toBe(0);
    expect((await gd.get('/api/orders?status=shipped')).statusCode).toBe(400);
  });

  it('can answer the SKU and product-name searches from their trigram indexes', async () => {
    // the test data is too small for the planner to prefer an index on its own: with
    // sequential and plain index scans priced out, only a bitmap scan of an index that the
    // search's condition fits is left, so another plan means the index cannot serve the search
    // (dropped, or a condition the operator class does not cover)
    const planOf = (condition: SQL) =>
      ctx.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const query = tx.select({ id: orderItems.orderId }).from(orderItems).where(condition);
        const { rows } = (await tx.execute(sql`explain ${query.getSQL()}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    expect(await planOf(itemSkuMatches('ord-keys'))).toContain('order_items_sku_trgm_idx');
    expect(await planOf(itemTitleMatches('Тестовый'))).toContain('order_items_title_trgm_idx');
  });

  it('keeps an out-of-stock item waiting and delivers it when keys are imported', async () => {
    const outOfStockId = await createProduct(ctx, { sku: `ORD-EMPTY-${newKey()}` });
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${outOfStockId}/3/2`);
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    const waiting = (await dealer.get(`/api/orders/${placed.id}`)).json().data as Detail;
    expect(waiting).toMatchObject({ status: 'in_progress' });
    expect(waiting.items[0]).toMatchObject({ status: 'waiting', delivered: 0 });
    const gd = await as(ctx, 'gd@example.com');
    expect(
      (await gd.get('/api/orders?waiting=true')).json().data.items.map((o: { id: number }) => o.id),
    ).toContain(placed.id);
    await addKeys(ctx, outOfStockId, 2);
    await ctx.app.deliveries.resumeProduct(outOfStockId);
    // the two keys go out in the background: wait for them (a busy machine may take seconds)
    const partial = await waitFor(
      async () => (await dealer.get(`/api/orders/${placed.id}`)).json().data as Detail,
      {
        until: (detail) => detail.items[0]?.delivered === 2,
        message: `2 keys delivered to order ${placed.id}`,
      },
    );
    expect(partial.items[0]).toMatchObject({ status: 'waiting', delivered: 2 });
    await addKeys(ctx, outOfStockId, 5);
    await ctx.app.deliveries.resumeProduct(outOfStockId);
    const done = await waitForStatus('dealer@example.com', placed.id, 'completed');
    expect(done.items[0]).toMatchObject({ status: 'delivered', delivered: 3 });
    const [stock] = await ctx.db
      .select({ available: count() })
      .from(licenceKeys)
      .where(and(eq(licenceKeys.productId, outOfStockId), eq(licenceKeys.status, 'available')));
    expect(stock?.available).toBe(4);
  });

  /** The deliver-order jobs of an order: their states, in the order they were queued. */
  const deliveryJobs = async (orderId: number) =>
    (
      (await ctx.db.execute(
        sql`select state::text as state from ${sql.raw(JOBS_SCHEMA)}.job
            where name = ${QUEUES.deliver} and data->>'orderId' = ${String(orderId)}
            order by created_on`,
      )) as unknown as { rows: { state: string }[] }
    ).rows.map((job) => job.state);

  it('queues a delivery job when the delivery a payment started fails, and the job finishes the order', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const productId = await createProduct(ctx, { sku: `ORD-RETRY-${newKey()}` });
    await addKeys(ctx, productId, 4);
    await dealer.get(`/api/basket/add/${productId}/2/2`);
    const first = (await checkout('dealer@example.com', 2)).json().data as Detail;
    await waitForStatus('dealer@example.com', first.id, 'completed');

    // the database refuses this product's next key allocation once (a real error, raised
    // inside the delivery's transaction): the delivery fails and its job finishes the order
    const failing = `fail_once_${productId}`;
    await ctx.db.execute(sql.raw(`create sequence ${failing}`));
    await ctx.db.execute(
      sql.raw(`create function ${failing}() returns trigger language plpgsql as $$
        begin
          if nextval('${failing}') = 1 then raise exception 'allocation refused once'; end if;
          return new;
        end $$`),
    );
    await ctx.db.execute(
      sql.raw(`create trigger ${failing} before update on licence_keys for each row
        when (old.product_id = ${productId}) execute function ${failing}()`),
    );
    try {
      await dealer.get(`/api/basket/add/${productId}/2/2`);
      const second = (await checkout('dealer@example.com', 2)).json().data as Detail;
      // queued right after the failure (the minute watch would queue it too, but later)
      await waitFor(() => deliveryJobs(second.id), {
        until: (states) => states.length > 0,
        message: `a delivery job queued for order ${second.id} after its delivery failed`,
        timeoutMs: 3_000,
      });
      const done = await waitForStatus('dealer@example.com', second.id, 'completed');
      expect(done.items[0]).toMatchObject({ status: 'delivered', delivered: 2 });
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger ${failing} on licence_keys`));
      await ctx.db.execute(sql.raw(`drop function ${failing}()`));
      await ctx.db.execute(sql.raw(`drop sequence ${failing}`));
    }
  });

  it('alerts admins once about an item still waiting 3 minutes after payment', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const lateId = await createProduct(ctx, { sku: 'ORD-LATE' });
    await dealer.get(`/api/basket/add/${lateId}/20/2`);
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    const gd = await as(ctx, 'gd@example.com');
    const lateIds = async () =>
      ((await gd.get('/api/orders/late-deliveries')).json().data as { order_id: number }[]).map(
        (l) => l.order_id,
      );
    expect(await lateIds()).not.toContain(placed.id);
    expect(await raiseLateDeliveryAlerts(ctx.app)).toBe(0);
    // paid four minutes ago: past the promise
    await ctx.db
      .update(orders)
      .set({ paidAt: sql`now() - interval '4 minutes'` })
      .where(eq(orders.id, placed.id));
    expect(await lateIds()).toContain(placed.id);
    expect((await dealer.get('/api/orders/late-deliveries')).statusCode).toBe(403);
    expect(await raiseLateDeliveryAlerts(ctx.app)).toBe(1);
    expect(await raiseLateDeliveryAlerts(ctx.app)).toBe(0);
    const alerts = await ctx.db
      .select()
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.to, 'gd@example.com'),
          eq(mailMessages.subject, 'Licence keys are late'),
        ),
      );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain(`#${placed.id}: ORD-LATE — 0/20`);
    // an admin may cancel it: nothing was delivered, and the credit comes back
    const cancelled = (
      await gd.post(`/api/orders/${placed.id}/cancel`, { note: 'no stock' })
    ).json();
    expect(cancelled.data.status).toBe('cancelled');
  });

  it('lets an admin deliver a vendor item by hand', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${vendorId}/2/2`);
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    const gd = await as(ctx, 'gd@example.com');
    const detail = (await gd.get(`/api/orders/${placed.id}`)).json().data as Detail;
    expect(detail.actions.deliver_manually).toBe(true);
    const item = detail.items[0]!.id;
    const tooMany = await gd.post(`/api/orders/${placed.id}/items/${item}/deliver`, {
      keys: ['A', 'B', 'C'],
    });
    expect(tooMany.json().data.error).toBe('INVALID_STATE');
    const done = (
      await gd.post(`/api/orders/${placed.id}/items/${item}/deliver`, {
        keys: ['VENDOR-1', 'VENDOR-2'],
      })
    ).json().data as Detail;
    expect(done.status).toBe('completed');
    expect(done.items[0]!.keys.map((k) => k.key)).toEqual(['VENDOR-1', 'VENDOR-2']);
  });

  it('refuses a typed key already in the pool, in any letter case, and the same new key typed for two items at once is taken once', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const gd = await as(ctx, 'gd@example.com');
    const vendorOrder = async () => {
      await dealer.get(`/api/basket/add/${vendorId}/1/2`);
      const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
      return { id: placed.id, item: placed.items[0]!.id };
    };
    const itemRow = async (itemId: number) =>
      (await ctx.db.select().from(orderItems).where(eq(orderItems.id, itemId)))[0]!;
    const keyRows = (key: string) =>
      ctx.db.select().from(licenceKeys).where(sql`lower(${licenceKeys.key}) = lower(${key})`);

    // a key of another product's stock, typed in other letters: refused, nothing written
    const [pooled] = await addKeys(ctx, productId, 1, 'POOLED');
    const first = await vendorOrder();
    const fresh = `TYPED-${first.id}-NEW`;
    const refused = await gd.post(`/api/orders/${first.id}/items/${first.item}/deliver`, {
      keys: [pooled!.toLowerCase()],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      data: { error: 'CONFLICT' },
      message: 'One of these keys is already in the key pool, for this or another product.',
    });
    expect(await itemRow(first.item)).toMatchObject({ status: 'waiting', delivered: 0 });
    expect(await keyRows(pooled!)).toHaveLength(1);
    expect((await keyRows(pooled!))[0]).toMatchObject({ productId, status: 'available' });

    // two admins type the same new key for two items at the same moment: one item gets it
    const second = await vendorOrder();
    const ld = await as(ctx, 'ld@example.com');
    const answers = await Promise.all([
      gd.post(`/api/orders/${first.id}/items/${first.item}/deliver`, { keys: [fresh] }),
      ld.post(`/api/orders/${second.id}/items/${second.item}/deliver`, { keys: [fresh] }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const held = await keyRows(fresh);
    expect(held).toHaveLength(1);
    const winner = answers[0]!.statusCode === 200 ? first : second;
    const loser = winner === first ? second : first;
    expect(held[0]).toMatchObject({ status: 'allocated', orderItemId: winner.item });
    expect(await itemRow(winner.item)).toMatchObject({ status: 'delivered', delivered: 1 });
    expect(await itemRow(loser.item)).toMatchObject({ status: 'waiting', delivered: 0 });
  });

  it('greets another address neutrally, or by its own name, with no link to the portal; the buyer gets its own link', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${productId}/1/2`);
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    await waitForStatus('dealer@example.com', placed.id, 'completed');
    const lastMailTo = async (to: string) => {
      const rows = await ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to));
      const ofOrder = new RegExp(`#${placed.id}(?!\\d)`);
      return rows.filter((m) => ofOrder.test(m.text)).at(-1)!;
    };
    const send = async (email?: string) => {
      const sent = await dealer.post(`/api/orders/${placed.id}/send-keys`, email ? { email } : {});
      expect(sent.statusCode, sent.body).toBe(200);
    };

    // a stranger: no dealer's name in the greeting, no link to a portal it cannot open
    await send('Stranger@Customer.test');
    const stranger = await lastMailTo('Stranger@Customer.test');
    expect(stranger.text).toMatch(/^Hello!\n/);
    expect(stranger.text).toContain(
      `Caspian Soft LLC sent you the licence keys of order #${placed.id} from the ESD portal.`,
    );
    expect(stranger.text).not.toContain('Hello, Caspian Soft LLC');
    expect(stranger.text).not.toContain('http://portal.test');
    expect(stranger.html).not.toContain('<a ');
    // an address with an account of its own is greeted by its own name, still without the link
    await send('ld@example.com');
    const known = await lastMailTo('ld@example.com');
    expect(known.text).toMatch(/^Hello, Rashad Aliyev!\n/);
    expect(known.text).not.toContain('/pages/orders');
    // the buyer's own copy (its own address, in any case) greets it and links its order
    await send('DEALER@example.com');
    const own = await lastMailTo('DEALER@example.com');
    expect(own.text).toMatch(/^Hello, Caspian Soft LLC!\n/);
    expect(own.text).toContain(`http://portal.test/pages/orders?order=${placed.id}&lang=en`);
  });

  it('activates a key, sends keys by mail, returns an item and restores the credit', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const before = (await dealer.get('/api/checkout?sell_type=2')).json().data.credit.remaining;
    await dealer.get(`/api/basket/add/${productId}/1/2`);
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    const done = await waitForStatus('dealer@example.com', placed.id, 'completed');
    const item = done.items[0]!;
    const key = item.keys[0]!;
    const activated = (
      await dealer.post(`/api/orders/${placed.id}/keys/${key.id}/activate`, {
        end_customer: 'Caspian Trading LLC',
      })
    ).json().data as Detail;
    expect(activated.items[0]!.keys[0]!.activated_for).toBe('Caspian Trading LLC');

    const sent = (
      await dealer.post(`/api/orders/${placed.id}/send-keys`, { email: 'it@customer.test' })
    ).json();
    expect(sent).toMatchObject({ code: 200, data: { to: 'it@customer.test' } });
    const [mail] = await ctx.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, 'it@customer.test'));
    expect(mail?.text).toContain(key.key);

    expect(item.returnable_until).not.toBeNull();
    const requested = (
      await dealer.post(`/api/orders/${placed.id}/items/${item.id}/return`, {
        reason: 'The customer cancelled the project.',
      })
    ).json().data as Detail;
    const request = requested.items[0]!.return_request!;
    expect(request.status).toBe('requested');
    const twice = await dealer.post(`/api/orders/${placed.id}/items/${item.id}/return`, {
      reason: 'again please',
    });
    expect(twice.json().data.error).toBe('INVALID_STATE');
    expect(
      (
        await dealer.post(`/api/orders/${placed.id}/returns/${request.id}/decide`, {
          approve: true,
        })
      ).statusCode,
    ).toBe(403);

    const gd = await as(ctx, 'gd@example.com');
    const approved = (
      await gd.post(`/api/orders/${placed.id}/returns/${request.id}/decide`, { approve: true })
    ).json().data as Detail;
    expect(approved.items[0]).toMatchObject({ status: 'returned' });
    expect(approved.items[0]!.keys.every((k) => k.status === 'revoked')).toBe(true);
    const after = (await dealer.get('/api/checkout?sell_type=2')).json().data.credit.remaining;
    expect(after).toBe(before);
  });

  it('settles credit, which frees the dealer’s limit', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${productId}/2/2`);
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    await waitForStatus('dealer@example.com', placed.id, 'completed');
    const before = (await dealer.get('/api/checkout?sell_type=2')).json().data.credit;
    const gd = await as(ctx, 'gd@example.com');
    const list = (await gd.get(`/api/orders?sell_type=2&status=completed&id=${placed.id}`)).json()
      .data.items as { id: number; credit_settled: boolean; total_usd: string }[];
    expect(list).toMatchObject([{ id: placed.id, credit_settled: false, total_usd: '210.00' }]);
    const open = list[0]!;
    const settled = (await gd.post(`/api/orders/${open.id}/settle-credit`, {})).json();
    expect(settled.data.credit_settled).toBe(true);
    const after = (await dealer.get('/api/checkout?sell_type=2')).json().data.credit;
    expect(after.remaining).toBe(sumMoney([before.remaining, open.total_usd]));
  });

  it('exports the filtered orders as CSV with formula cells neutralised, and as xlsx', async () => {
    // three orders of a product of its own, and one of the user's
    const sku = `ORD-XLSX-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const exported = await createProduct(ctx, { sku });
    for (let i = 0; i < 3; i++) await pendingCashOrder('dealer@example.com', exported);
    await pendingCashOrder('user@example.com', productId);
    await ctx.db
      .update(users)
      .set({ name: '=HYPERLINK("http://evil")' })
      .where(eq(users.email, 'dealer2@example.com'));
    const gd = await as(ctx, 'gd@example.com');
    const csv = await gd.get('/api/orders/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv.body).not.toMatch(/(^|,)=HYPERLINK/m);
    const xlsx = await gd.get(`/api/orders/export?format=xlsx&sku=${sku}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Order');
    expect(sheet.rowCount).toBe(1 + 3);
    // the user's export: a header and the user's own orders, as many as its list shows
    const user = await as(ctx, 'user@example.com');
    const listed = (await user.get('/api/orders')).json().data.total as number;
    expect(listed).toBeGreaterThan(0);
    const own = await user.get('/api/orders/export?format=csv');
    expect(own.body.trim().split('\r\n')).toHaveLength(1 + listed);
  });
});
