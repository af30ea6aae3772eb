import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct, prizeClaimBody } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { auditLog, eventPoints, orders, prizes, users, wonPrizes } from '../../db/schema';
import { deliverOrder } from '../delivery/delivery.service';
import { accrueEventPoints } from './event-points.repository';

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const texts = (en: string) => ({ en, ru: `${en} (ru)`, az: `${en} (az)` });

type Detail = {
  my_points: number;
  me: { points: number; balance: number; rank: number | null } | null;
  leaderboard: { rank: number; dealer_name: string; points: number; is_me: boolean }[];
  prizes: {
    id: number;
    stock: number;
    won: boolean;
    my_prize: { source: string; status: string; tracking_note: string | null } | null;
  }[];
};

/**
 * Each test arranges its own event (and, where it buys, its own products): points, prizes and
 * claims of one test never reach another's, so the tests run alone, in any order or shuffled.
 * Points a test needs but does not test the earning of are written to the ledger directly
 * (`grant`); earning itself is tested through real orders.
 */
describe.each(dbKinds)('[events] points, prizes and awards on %s', (kind) => {
  let ctx: TestContext;
  /** Products that events list but nobody buys: no order adds points to their events. */
  let listedProduct: number;
  let otherListedProduct: number;
  /** Events made by this file's tests: the seeded ones are the others. */
  const madeHere = new Set<number>();
  let sequence = 0;

  const gd = () => as(ctx, 'gd@example.com');
  const eventBody = (overrides: Record<string, unknown> = {}) => ({
    title: texts('Spring security race'),
    description: texts('Buy antivirus, earn points.'),
    starts_at: at(-hour),
    ends_at: at(30 * 24 * hour),
    products: [{ product_id: listedProduct, points: 10 }],
    ...overrides,
  });
  /** Creates an event (running, unless overridden) and returns its id. */
  const newEvent = async (overrides: Record<string, unknown> = {}) => {
    const created = await (await gd()).post('/api/settings/events', eventBody(overrides));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    madeHere.add(id);
    return id;
  };
  const futureBody = {
    title: texts('Summer race'),
    starts_at: at(24 * hour),
    ends_at: at(48 * hour),
  };
  const prizeBody = (eventId: number, overrides: Record<string, unknown> = {}) => ({
    event_id: eventId,
    title: texts('Headphones'),
    description: texts('Wireless.'),
    points_needed: 30,
    rank: null,
    stock: 1,
    ...overrides,
  });
  const newPrize = async (eventId: number, overrides: Record<string, unknown> = {}) => {
    const created = await (await gd()).post('/api/settings/prizes', prizeBody(eventId, overrides));
    expect(created.statusCode, created.body).toBe(200);
    return created.json().data.id as number;
  };
  /** A product with keys in stock, for a test that buys it. */
  const stockedProduct = async (keys = 10) => {
    const product = await createProduct(ctx);
    await addKeys(ctx, product, keys);
    return product;
  };
  /**
   * Earned points of a dealer in an event, written to the ledger against one of the dealer's
   * order items (the seeded orders) that has none in that event yet.
   */
  const grant = async (eventId: number, email: string, points: number) => {
    const added = (await ctx.db.execute(sql`insert into event_points
      (event_id, dealer_id, buyer_id, order_item_id, kind, points)
      select ${eventId}, o.dealer_id, o.buyer_id, oi.id, 'earned', ${points}
      from orders o join order_items oi on oi.order_id = o.id
      join users u on u.id = o.dealer_id
      where u.email = ${email} and not exists (select 1 from event_points p
        where p.event_id = ${eventId} and p.order_item_id = oi.id)
      order by oi.id limit 1
      returning id`)) as unknown as { rows: unknown[] };
    expect(added.rows, `${points} points for ${email}`).toHaveLength(1);
  };
  /** Ends an event a minute ago, keeping its products. */
  const endEvent = async (eventId: number) => {
    const admin = await gd();
    const current = (await admin.get(`/api/settings/events/${eventId}`)).json().data;
    return admin.put(`/api/settings/events/${eventId}`, {
      ...eventBody(),
      starts_at: at(-48 * hour),
      ends_at: at(-60_000),
      products: current.products.map((p: { product_id: number; points: number }) => ({
        product_id: p.product_id,
        points: p.points,
      })),
    });
  };

  /** Places a credit order of the given lines for an account and returns its id. */
  const buy = async (email: string, lines: [number, number][]) => {
    const shopper = await as(ctx, email);
    for (const [product, quantity] of lines)
      await shopper.get(`/api/basket/add/${product}/${quantity}/2`);
    const placed = await shopper.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `events-test-${kind}-${++sequence}-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data.id as number;
  };
  const waitCompleted = async (orderId: number) => {
    const [row] = await waitFor(
      () => ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)),
      {
        until: ([order]) => order?.status === 'completed',
        message: `order ${orderId} completed`,
      },
    );
    return row?.status;
  };
  const detail = async (email: string, id: number) =>
    (await (await as(ctx, email)).get(`/api/events/${id}`)).json().data as Detail;
  const patch = async (token: string, url: string, payload: object) =>
    ctx.app.inject({ method: 'PATCH', url, headers: bearer(token), payload });
  const claim = async (email: string, prize: number, event: number) =>
    (await as(ctx, email)).post(`/api/events/${event}/prizes/${prize}/claim`, prizeClaimBody);
  /** A running event with a 30-point prize (stock 1) that the dealer, holding 30 points, claimed. */
  const claimedPrize = async () => {
    const eventId = await newEvent();
    const prize = await newPrize(eventId);
    await grant(eventId, 'dealer@example.com', 30);
    const won = await claim('dealer@example.com', prize, eventId);
    expect(won.statusCode, won.body).toBe(200);
    return { eventId, prize, wonId: won.json().data.id as number };
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    listedProduct = await createProduct(ctx, { sku: 'EVT-LISTED' });
    otherListedProduct = await createProduct(ctx, { sku: 'EVT-LISTED-2' });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('seeds a running event with points from completed demo orders and a past, awarded one', async () => {
    const seededOnly = (items: { id: number }[]) => items.filter((e) => !madeHere.has(e.id));
    const current = (await (await as(ctx, 'dealer@example.com')).get('/api/events')).json().data;
    const running = seededOnly(current.items);
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({ my_points: 140, prizes_count: 4, status: 'current' });
    const seeded = await detail('dealer2@example.com', running[0]!.id);
    expect(seeded.me).toMatchObject({ points: 160, balance: 160, rank: 1 });
    expect(seeded.leaderboard.map((l) => l.points)).toEqual([160, 140]);
    const past = (await (await as(ctx, 'user@example.com')).get('/api/events?status=past')).json()
      .data;
    expect(seededOnly(past.items)[0]).toMatchObject({ my_points: 60, status: 'past' });
  });

  it('validates events and keeps settings to the global district', async () => {
    const admin = await gd();
    const backwards = await admin.post(
      '/api/settings/events',
      eventBody({ starts_at: at(hour), ends_at: at(-hour) }),
    );
    expect(backwards.statusCode).toBe(400);
    const twice = await admin.post(
      '/api/settings/events',
      eventBody({
        products: [
          { product_id: listedProduct, points: 1 },
          { product_id: listedProduct, points: 2 },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    const unknown = await admin.post(
      '/api/settings/events',
      eventBody({ products: [{ product_id: 999_999, points: 1 }] }),
    );
    expect(unknown.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    expect(
      (await admin.post('/api/settings/events', eventBody({ title: texts('') }))).statusCode,
    ).toBe(400);

    const created = await admin.post(
      '/api/settings/events',
      eventBody({
        products: [
          { product_id: listedProduct, points: 10 },
          { product_id: otherListedProduct, points: 7 },
        ],
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const eventId = created.json().data.id as number;
    madeHere.add(eventId);
    expect(created.json().data).toMatchObject({ status: 'current', can_award: false });
    expect(created.json().data.products).toHaveLength(2);
    const futureEventId = await newEvent(futureBody);

    for (const email of ['ld@example.com', 'dealer@example.com', 'user@example.com']) {
      const other = await as(ctx, email);
      expect((await other.get('/api/settings/events')).statusCode).toBe(403);
      expect((await other.post('/api/settings/prizes', prizeBody(eventId))).statusCode).toBe(403);
      expect((await other.get('/api/settings/won-prizes')).statusCode).toBe(403);
    }
    const list = (await admin.get('/api/settings/events?status=upcoming')).json().data;
    expect(list.items.map((e: { id: number }) => e.id)).toContain(futureEventId);
    expect(list.items.map((e: { id: number }) => e.id)).not.toContain(eventId);
  });

  it('validates prizes: points or rank, never both', async () => {
    const admin = await gd();
    const eventId = await newEvent();
    const post = (overrides: Record<string, unknown>) =>
      admin.post('/api/settings/prizes', prizeBody(eventId, overrides));
    expect((await post({ rank: 1 })).statusCode).toBe(400);
    expect((await post({ points_needed: null })).statusCode).toBe(400);
    expect((await post({ stock: -1 })).statusCode).toBe(400);
    expect((await post({ event_id: 999_999 })).json().data.error).toBe('VALIDATION_FAILED');
    await newPrize(eventId);
    await newPrize(eventId, { title: texts('Laptop'), points_needed: null, rank: 1 });
    await newPrize(eventId, { title: texts('Tablet'), points_needed: null, rank: 2 });
    const listed = (await admin.get(`/api/settings/prizes?event_id=${eventId}`)).json().data;
    expect(listed.total).toBe(3);
  });

  it('credits points when an order completes inside the window, once, to the dealer', async () => {
    const [eventProduct, otherProduct] = [await stockedProduct(), await stockedProduct()];
    const eventId = await newEvent({ products: [{ product_id: eventProduct, points: 10 }] });
    const futureEventId = await newEvent({
      ...futureBody,
      products: [{ product_id: eventProduct, points: 10 }],
    });
    const order = await buy('dealer@example.com', [
      [eventProduct, 2],
      [otherProduct, 1],
    ]);
    expect(await waitCompleted(order)).toBe('completed');
    const mine = await detail('dealer@example.com', eventId);
    expect(mine.me).toMatchObject({ points: 20, balance: 20, rank: 1 });
    expect(mine.my_points).toBe(20);

    // the dealer's end user buys: the points belong to its dealer
    const userOrder = await buy('user@example.com', [[eventProduct, 1]]);
    expect(await waitCompleted(userOrder)).toBe('completed');
    const seenByUser = await detail('user@example.com', eventId);
    expect(seenByUser.me).toMatchObject({ points: 30, rank: 1 });
    expect(seenByUser.leaderboard[0]).toMatchObject({ points: 30, is_me: true });

    // a second run of the accrual counts nothing more
    await ctx.db.transaction(async (tx) => accrueEventPoints(tx, order));
    expect((await detail('dealer@example.com', eventId)).me?.points).toBe(30);

    // the event that has not started yet earned nothing from the same orders
    const future = await ctx.db
      .select()
      .from(eventPoints)
      .where(eq(eventPoints.eventId, futureEventId));
    expect(future).toHaveLength(0);
  });

  it('credits nothing before completion, and nothing for orders placed outside the window', async () => {
    const eventProduct = await stockedProduct();
    // no keys yet: its order waits
    const waitingProduct = await createProduct(ctx);
    const eventId = await newEvent({
      products: [
        { product_id: eventProduct, points: 10 },
        { product_id: waitingProduct, points: 7 },
      ],
    });
    const order = await buy('dealer2@example.com', [[waitingProduct, 1]]);
    const ledger = () =>
      ctx.db
        .select()
        .from(eventPoints)
        .innerJoin(users, eq(users.id, eventPoints.dealerId))
        .where(and(eq(eventPoints.eventId, eventId), eq(users.email, 'dealer2@example.com')));
    expect(await ledger()).toHaveLength(0);
    await addKeys(ctx, waitingProduct, 5);
    await deliverOrder(ctx.db, order);
    expect(await waitCompleted(order)).toBe('completed');
    const rows = await ledger();
    expect(rows.map((r) => r.event_points.points)).toEqual([7]);

    // an order placed before the event started earns nothing when it completes
    const early = await buy('dealer2@example.com', [[eventProduct, 1]]);
    await waitCompleted(early);
    await ctx.db.execute(sql`delete from event_points where order_item_id in
      (select id from order_items where order_id = ${early})`);
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 5 * hour) })
      .where(eq(orders.id, early));
    await ctx.db.transaction(async (tx) => accrueEventPoints(tx, early));
    expect((await ledger()).map((r) => r.event_points.points)).toEqual([7]);
  });

  it('refuses a claim without its delivery details, naming the field, and spends nothing', async () => {
    const eventId = await newEvent();
    const pointsPrize = await newPrize(eventId);
    // enough points: only the missing details can be what is refused
    await grant(eventId, 'dealer@example.com', 30);
    const dealer = await as(ctx, 'dealer@example.com');
    const url = `/api/events/${eventId}/prizes/${pointsPrize}/claim`;
    const before = await detail('dealer@example.com', eventId);
    expect(before.me).toMatchObject({ points: 30, balance: 30 });
    for (const field of ['contact_name', 'phone', 'address'] as const) {
      const { [field]: _left, ...rest } = prizeClaimBody;
      const missing = await dealer.post(url, rest);
      expect(missing.statusCode, missing.body).toBe(400);
      expect(missing.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
      expect(missing.json().message).toContain(`body/${field} `);
    }
    for (const phone of ['050 255 12 34', '+994', '+994  12 555 12 34', '+0 12 555 12 34']) {
      const bad = await dealer.post(url, { ...prizeClaimBody, phone });
      expect(bad.statusCode, phone).toBe(400);
      expect(bad.json().message, phone).toContain('body/phone ');
      expect(bad.json().data.issues[0].path, phone).toBe('body/phone');
    }
    const blank = await dealer.post(url, { ...prizeClaimBody, address: '    ' });
    expect(blank.json().message).toContain('body/address ');
    const long = await dealer.post(url, { ...prizeClaimBody, address: 'a'.repeat(501) });
    expect(long.json().message).toContain('body/address ');
    const after = await detail('dealer@example.com', eventId);
    expect(after.me).toEqual(before.me);
    expect(after.prizes.find((p) => p.id === pointsPrize)).toMatchObject({ won: false });
  });

  it('lets only dealers claim, with clear refusals, and spends the points once', async () => {
    const eventId = await newEvent();
    const futureEventId = await newEvent(futureBody);
    const pointsPrize = await newPrize(eventId);
    const rankOne = await newPrize(eventId, {
      title: texts('Laptop'),
      points_needed: null,
      rank: 1,
    });
    await grant(eventId, 'dealer@example.com', 30);
    await grant(eventId, 'dealer2@example.com', 7);
    expect((await claim('user@example.com', pointsPrize, eventId)).statusCode).toBe(403);
    expect((await claim('gd@example.com', pointsPrize, eventId)).statusCode).toBe(403);
    // dealer2 reads Azerbaijani, but the call names no language: the server's English words
    const poor = await claim('dealer2@example.com', pointsPrize, eventId);
    expect(poor.json()).toMatchObject({
      code: 422,
      message: 'You do not have enough points for this prize.',
      data: { error: 'PRIZE_NOT_CLAIMABLE', reason: 'not_enough_points' },
    });
    expect((await claim('dealer@example.com', rankOne, eventId)).json().data.reason).toBe(
      'rank_prize',
    );

    const upcomingPrize = await newPrize(futureEventId, { points_needed: 1 });
    expect(
      (await claim('dealer@example.com', upcomingPrize, futureEventId)).json().data.reason,
    ).toBe('not_started');
    expect((await claim('dealer@example.com', upcomingPrize, eventId)).statusCode).toBe(404);

    const won = await claim('dealer@example.com', pointsPrize, eventId);
    expect(won.json()).toMatchObject({
      code: 200,
      data: {
        prize_title: 'Headphones',
        source: 'claim',
        points_spent: 30,
        status: 'pending',
        tracking_note: null,
        delivery: prizeClaimBody,
      },
    });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'won_prize.claim'), eq(auditLog.entityId, won.json().data.id)),
      );
    expect(audit).toMatchObject({
      entityType: 'won_prize',
      after: { status: 'pending', points_spent: 30, ...prizeClaimBody },
    });
    const after = await detail('dealer@example.com', eventId);
    expect(after.me).toMatchObject({ points: 30, balance: 0 });
    expect(after.prizes.find((p) => p.id === pointsPrize)).toMatchObject({ stock: 0, won: true });
    expect((await claim('dealer@example.com', pointsPrize, eventId)).json().data.reason).toBe(
      'already_claimed',
    );

    // out of stock for the next dealer, whatever its points (107 for dealer2 now)
    await grant(eventId, 'dealer2@example.com', 100);
    expect((await claim('dealer2@example.com', pointsPrize, eventId)).json().data.reason).toBe(
      'out_of_stock',
    );

    // the prize page is open to any role; the user sees its dealer's standing
    const seen = await (await as(ctx, 'ld@example.com')).get(
      `/api/events/${eventId}/prizes/${pointsPrize}`,
    );
    expect(seen.json().data).toMatchObject({ id: pointsPrize, me: null, can_claim: false });
    const byUser = await (await as(ctx, 'user@example.com')).get(
      `/api/events/${eventId}/prizes/${pointsPrize}`,
    );
    expect(byUser.json().data).toMatchObject({ won: true, me: { balance: 0 }, can_claim: false });
    expect((await (await gd()).get(`/api/events/${eventId}`)).statusCode).toBe(403);
  });

  it('shows won prizes to admins and in "My prizes" of the dealer and its users', async () => {
    const { eventId, prize } = await claimedPrize();
    const admin = await gd();
    const list = (await admin.get(`/api/settings/won-prizes?event_id=${eventId}`)).json().data;
    expect(list.items[0]).toMatchObject({
      prize_id: prize,
      dealer_name: 'Caspian Soft LLC',
      claimed_by_name: 'Caspian Soft LLC',
      status: 'pending',
    });
    // newest first: the claim just made
    for (const email of ['dealer@example.com', 'user@example.com']) {
      const mine = (await (await as(ctx, email)).get('/api/profile/prizes')).json().data;
      expect(mine.items[0]).toMatchObject({ prize_id: prize, event_id: eventId });
    }
    const other = (await (await as(ctx, 'dealer2@example.com')).get('/api/profile/prizes')).json()
      .data.items;
    expect(other.map((p: { event_id: number }) => p.event_id)).not.toContain(eventId);
    for (const email of ['gd@example.com', 'ld@example.com']) {
      expect((await (await as(ctx, email)).get('/api/profile/prizes')).json().data.total).toBe(0);
    }
  });

  it('takes points back when a return is approved', async () => {
    const eventProduct = await stockedProduct();
    const eventId = await newEvent({ products: [{ product_id: eventProduct, points: 10 }] });
    // 30 points earned before and spent on a prize: the return takes back the 10 unspent ones
    const prize = await newPrize(eventId);
    await grant(eventId, 'dealer@example.com', 30);
    expect((await claim('dealer@example.com', prize, eventId)).statusCode).toBe(200);
    const dealer = await as(ctx, 'dealer@example.com');
    const order = await buy('dealer@example.com', [[eventProduct, 1]]);
    await waitCompleted(order);
    expect((await detail('dealer@example.com', eventId)).me).toMatchObject({
      points: 40,
      balance: 10,
    });
    const view = (await dealer.get(`/api/orders/${order}`)).json().data;
    const item = view.items[0];
    const requested = (
      await dealer.post(`/api/orders/${order}/items/${item.id}/return`, { reason: 'Not needed.' })
    ).json().data;
    const request = requested.items[0].return_request;
    const approved = await (await gd()).post(`/api/orders/${order}/returns/${request.id}/decide`, {
      approve: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const rows = await ctx.db
      .select({ kind: eventPoints.kind, points: eventPoints.points })
      .from(eventPoints)
      .where(eq(eventPoints.orderItemId, item.id));
    expect(rows.sort((a, b) => a.points - b.points)).toEqual([
      { kind: 'reversed', points: -10 },
      { kind: 'earned', points: 10 },
    ]);
    expect((await detail('dealer@example.com', eventId)).me).toMatchObject({
      points: 30,
      balance: 0,
    });
  });

  it('moves won prizes forward only; cancelling gives the points and the stock back', async () => {
    const { eventId, prize: pointsPrize, wonId } = await claimedPrize();
    const admin = await gd();
    const url = `/api/settings/won-prizes/${wonId}`;
    const dealerToken = (await as(ctx, 'dealer@example.com')).token;
    expect((await patch(dealerToken, url, { status: 'shipped' })).statusCode).toBe(403);
    const shipped = await patch(admin.token, url, { status: 'shipped', note: 'DHL 123' });
    expect(shipped.json().data).toMatchObject({
      status: 'shipped',
      note: 'DHL 123',
      delivery: prizeClaimBody,
    });
    // the tracking note and the address reach the dealer that claimed, not its users or others
    const mine = async (email: string) =>
      (await (await as(ctx, email)).get('/api/profile/prizes?perPage=100')).json().data.items as {
        id: number;
        status: string;
        tracking_note: string | null;
      }[];
    expect((await mine('dealer@example.com')).find((p) => p.id === wonId)).toMatchObject({
      status: 'shipped',
      tracking_note: 'DHL 123',
      delivery: prizeClaimBody,
    });
    expect((await mine('user@example.com')).find((p) => p.id === wonId)).toMatchObject({
      status: 'shipped',
      tracking_note: null,
      delivery: null,
    });
    expect((await mine('dealer2@example.com')).map((p) => p.id)).not.toContain(wonId);
    expect(JSON.stringify(await mine('dealer2@example.com'))).not.toContain('DHL 123');
    // the event's and the prize's pages say the same on the prize: its status to the dealer and
    // its users, the note to the dealer alone, nothing to another dealer
    const onEventPage = async (email: string) =>
      (await detail(email, eventId)).prizes.find((p) => p.id === pointsPrize)?.my_prize;
    const shippedClaim = { source: 'claim', status: 'shipped', tracking_note: 'DHL 123' };
    expect(await onEventPage('dealer@example.com')).toMatchObject(shippedClaim);
    expect(await onEventPage('user@example.com')).toMatchObject({
      ...shippedClaim,
      tracking_note: null,
    });
    expect(await onEventPage('dealer2@example.com')).toBeNull();
    const prizePage = await (await as(ctx, 'dealer@example.com')).get(
      `/api/events/${eventId}/prizes/${pointsPrize}`,
    );
    expect(prizePage.json().data).toMatchObject({ won: true, my_prize: shippedClaim });
    expect(prizePage.json().data.my_prize.status_changed_at).toEqual(expect.any(String));
    expect((await patch(admin.token, url, { status: 'pending' })).json().data.error).toBe(
      'INVALID_STATE',
    );
    const cancelled = await patch(admin.token, url, { status: 'cancelled', note: 'Lost' });
    expect(cancelled.json().data.status).toBe('cancelled');
    const [prize] = await ctx.db.select().from(prizes).where(eq(prizes.id, pointsPrize));
    expect(prize?.stock).toBe(1);
    expect((await detail('dealer@example.com', eventId)).me).toMatchObject({
      points: 30,
      balance: 30,
    });
    // a cancelled claim is no longer the dealer's, and its page says why
    expect(
      (await detail('dealer@example.com', eventId)).prizes.find((p) => p.id === pointsPrize),
    ).toMatchObject({ won: false, my_prize: { status: 'cancelled', tracking_note: 'Lost' } });
    expect((await patch(admin.token, url, { status: 'delivered' })).statusCode).toBe(409);
    // a cancelled claim may be claimed again
    expect((await claim('dealer@example.com', pointsPrize, eventId)).statusCode).toBe(200);
  });

  it('refuses to delete an event in use and deletes an empty one', async () => {
    const { eventId, prize } = await claimedPrize();
    const emptyEventId = await newEvent(futureBody);
    const admin = await gd();
    expect((await admin.del(`/api/settings/events/${eventId}`)).json().data.error).toBe('IN_USE');
    expect((await admin.del(`/api/settings/prizes/${prize}`)).json().data.error).toBe('IN_USE');
    expect((await admin.del(`/api/settings/events/${emptyEventId}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/settings/events/${emptyEventId}`)).statusCode).toBe(404);
  });

  it('awards rank prizes once, after the end, to the dealers at those ranks', async () => {
    const eventId = await newEvent();
    const rankOne = await newPrize(eventId, {
      title: texts('Laptop'),
      points_needed: null,
      rank: 1,
    });
    const rankTwo = await newPrize(eventId, {
      title: texts('Tablet'),
      points_needed: null,
      rank: 2,
    });
    await grant(eventId, 'dealer2@example.com', 107);
    await grant(eventId, 'dealer@example.com', 30);
    const admin = await gd();
    expect((await admin.post(`/api/settings/events/${eventId}/award`, {})).json().data.error).toBe(
      'INVALID_STATE',
    );
    const ended = await endEvent(eventId);
    expect(ended.json().data).toMatchObject({ status: 'past', can_award: true });
    // dealer2 has 107 points, dealer 30: dealer2 first
    const [a, b] = await Promise.all([
      admin.post(`/api/settings/events/${eventId}/award`, {}),
      admin.post(`/api/settings/events/${eventId}/award`, {}),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 200)?.json().data.awarded).toBe(2);
    const awarded = await ctx.db
      .select({ prize: wonPrizes.prizeId, dealer: users.email, rank: wonPrizes.rank })
      .from(wonPrizes)
      .innerJoin(users, eq(users.id, wonPrizes.dealerId))
      .where(and(eq(wonPrizes.source, 'rank'), eq(wonPrizes.eventId, eventId)));
    expect(awarded.sort((x, y) => (x.rank ?? 0) - (y.rank ?? 0))).toEqual([
      { prize: rankOne, dealer: 'dealer2@example.com', rank: 1 },
      { prize: rankTwo, dealer: 'dealer@example.com', rank: 2 },
    ]);
    const after = (await admin.get(`/api/settings/events/${eventId}`)).json().data;
    expect(after).toMatchObject({ can_award: false });
    expect(after.awarded_at).not.toBeNull();
  });

  it('lists events by status for dealers and users only', async () => {
    const eventId = await newEvent();
    await grant(eventId, 'dealer@example.com', 30);
    const dealer = await as(ctx, 'dealer@example.com');
    const listed = async (status: string) =>
      (await dealer.get(`/api/events?status=${status}&perPage=100`)).json().data.items as {
        id: number;
        my_points: number;
        status: string;
      }[];
    expect((await listed('current')).map((e) => e.id)).toContain(eventId);
    expect((await endEvent(eventId)).statusCode).toBe(200);
    expect((await listed('past')).find((e) => e.id === eventId)).toMatchObject({
      my_points: 30,
      status: 'past',
    });
    expect((await listed('current')).map((e) => e.id)).not.toContain(eventId);
    expect((await (await as(ctx, 'ld@example.com')).get('/api/events')).statusCode).toBe(403);
    expect((await dealer.get('/api/events?status=soon')).statusCode).toBe(400);
  });
});

describe.each(dbKinds.filter((k) => k === 'postgres'))(
  '[events][concurrency] claims on %s',
  (kind) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(kind);
    }, 60_000);
    afterAll(async () => ctx?.close());

    it('gives the last unit to one dealer and spends the last points once', async () => {
      const admin = await as(ctx, 'gd@example.com');
      const product = await createProduct(ctx, { sku: 'EVT-RACE' });
      await addKeys(ctx, product, 10);
      const event = (
        await admin.post('/api/settings/events', {
          title: texts('Race'),
          description: texts(''),
          starts_at: at(-hour),
          ends_at: at(hour),
          products: [{ product_id: product, points: 50 }],
        })
      ).json().data.id;
      const prize = async (stock: number) =>
        (
          await admin.post('/api/settings/prizes', {
            event_id: event,
            title: texts('Mug'),
            description: texts(''),
            points_needed: 50,
            rank: null,
            stock,
          })
        ).json().data.id as number;
      for (const [i, email] of ['dealer@example.com', 'dealer2@example.com'].entries()) {
        const shopper = await as(ctx, email);
        await shopper.get(`/api/basket/add/${product}/1/2`);
        const placed = await shopper.post(
          '/api/checkout',
          { sell_type: 2 },
          { 'idempotency-key': `race-${i}-${Date.now()}` },
        );
        const id = placed.json().data.id;
        await waitFor(() => ctx.db.select().from(orders).where(eq(orders.id, id)), {
          until: ([row]) => row?.status === 'completed',
          message: `order ${id} completed`,
        });
      }
      const last = await prize(1);
      const [dealer, dealer2] = await Promise.all([
        as(ctx, 'dealer@example.com'),
        as(ctx, 'dealer2@example.com'),
      ]);
      const race = await Promise.all([
        dealer.post(`/api/events/${event}/prizes/${last}/claim`, prizeClaimBody),
        dealer2.post(`/api/events/${event}/prizes/${last}/claim`, prizeClaimBody),
      ]);
      expect(race.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      const [left] = await ctx.db.select().from(prizes).where(eq(prizes.id, last));
      expect(left?.stock).toBe(0);

      // the dealer that lost the race has 50 points: two prizes at once, only one is paid for
      const loser = race[0]!.statusCode === 200 ? dealer2 : dealer;
      const [p1, p2] = [await prize(5), await prize(5)];
      const spend = await Promise.all([
        loser.post(`/api/events/${event}/prizes/${p1}/claim`, prizeClaimBody),
        loser.post(`/api/events/${event}/prizes/${p2}/claim`, prizeClaimBody),
      ]);
      expect(spend.map((r) => r.statusCode).sort()).toEqual([200, 422]);
      const standing = (await loser.get(`/api/events/${event}`)).json().data.me;
      expect(standing).toMatchObject({ points: 50, balance: 0 });
    }, 60_000);
  },
);
