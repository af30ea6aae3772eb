import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct, prizeClaimBody } from '../../../test/fixtures';
import {
  bearer,
  createTestContext,
  type DbKind,
  dbKinds,
  type TestContext,
} from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { orders, wonPrizes } from '../../db/schema';

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const texts = (en: string) => ({ en, ru: `${en} (ru)`, az: `${en} (az)` });
const DEALER = 'dealer@example.com';

/**
 * An event whose product earns 240 points a unit (a new one, with its own product, at each
 * `createEvent`), and helpers to buy, claim and return in the last one made.
 */
const setUp = (kind: DbKind) => {
  const state = { ctx: undefined as unknown as TestContext, product: 0, event: 0, sequence: 0 };
  const gd = () => as(state.ctx, 'gd@example.com');

  const createEvent = async (title: string) => {
    state.product = await createProduct(state.ctx, { sku: `RET-EVENT-${++state.sequence}` });
    await addKeys(state.ctx, state.product, 20);
    const created = await (await gd()).post('/api/settings/events', {
      title: texts(title),
      description: texts('Points and returns.'),
      starts_at: at(-hour),
      ends_at: at(30 * 24 * hour),
      products: [{ product_id: state.product, points: 240 }],
    });
    expect(created.statusCode, created.body).toBe(200);
    state.event = created.json().data.id;
  };
  const createPrize = async (pointsNeeded: number) => {
    const created = await (await gd()).post('/api/settings/prizes', {
      event_id: state.event,
      title: texts('Speaker'),
      description: texts(''),
      points_needed: pointsNeeded,
      rank: null,
      stock: 5,
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().data.id as number;
  };
  /** One unit of the event product on credit, delivered and completed; its order item. */
  const buyCompleted = async () => {
    const dealer = await as(state.ctx, DEALER);
    await dealer.get(`/api/basket/add/${state.product}/1/2`);
    const placed = await dealer.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `returns-${kind}-${++state.sequence}-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.id as number;
    await waitFor(
      () =>
        state.ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)),
      {
        until: ([row]) => row?.status === 'completed',
        message: `order ${orderId} completed`,
      },
    );
    const view = (await dealer.get(`/api/orders/${orderId}`)).json().data;
    return { orderId, itemId: view.items[0].id as number };
  };
  const claim = async (prizeId: number) =>
    (await as(state.ctx, DEALER)).post(
      `/api/events/${state.event}/prizes/${prizeId}/claim`,
      prizeClaimBody,
    );
  const standing = async () =>
    (await (await as(state.ctx, DEALER)).get(`/api/events/${state.event}`)).json().data.me as {
      points: number;
      balance: number;
    };
  const requestReturn = async ({ orderId, itemId }: { orderId: number; itemId: number }) =>
    (await as(state.ctx, DEALER)).post(`/api/orders/${orderId}/items/${itemId}/return`, {
      reason: 'Bought by mistake.',
    });
  const decide = async (orderId: number, returnId: number) =>
    (await gd()).post(`/api/orders/${orderId}/returns/${returnId}/decide`, { approve: true });
  const cancelClaim = async (prizeId: number) => {
    const [won] = await state.ctx.db
      .select({ id: wonPrizes.id })
      .from(wonPrizes)
      .where(eq(wonPrizes.prizeId, prizeId));
    const cancelled = await state.ctx.app.inject({
      method: 'PATCH',
      url: `/api/settings/won-prizes/${won!.id}`,
      headers: bearer((await gd()).token),
      payload: { status: 'cancelled', note: 'The item goes back.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  };
  return {
    state,
    createEvent,
    createPrize,
    buyCompleted,
    claim,
    standing,
    requestReturn,
    decide,
    cancelClaim,
  };
};

describe.each(dbKinds)('[events][returns] points never go negative on %s', (kind) => {
  const t = setUp(kind);

  beforeAll(async () => {
    t.state.ctx = await createTestContext(kind);
  }, 60_000);
  afterAll(async () => t.state.ctx?.close());
  // each test earns and spends in an event of its own, from no points
  beforeEach(async () => {
    await t.createEvent('Returns race');
  });

  it('points never go negative: a return of points spent on a pending claim is refused until the claim is cancelled', async () => {
    const bought = await t.buyCompleted();
    expect(await t.standing()).toMatchObject({ points: 240, balance: 240 });
    const prize = await t.createPrize(240);
    expect((await t.claim(prize)).statusCode).toBe(200);
    expect(await t.standing()).toMatchObject({ points: 240, balance: 0 });

    const refused = await t.requestReturn(bought);
    expect(refused.json()).toEqual({
      code: 409,
      message:
        'This return would take back 240 points of event «Returns race» that were already spent on prizes; cancel the prize claim first.',
      data: {
        error: 'RETURN_POINTS_SPENT',
        event_id: t.state.event,
        event_title: 'Returns race',
        points_needed: 240,
      },
    });
    expect(await t.standing()).toMatchObject({ points: 240, balance: 0 });

    await t.cancelClaim(prize);
    expect(await t.standing()).toMatchObject({ points: 240, balance: 240 });
    const requested = await t.requestReturn(bought);
    expect(requested.statusCode, requested.body).toBe(200);
    const returnId = requested.json().data.items[0].return_request.id as number;
    const approved = await t.decide(bought.orderId, returnId);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await t.standing()).toMatchObject({ points: 0, balance: 0 });
  });

  it('points never go negative: a return requested before the claim is refused at approval, then approved once the claim is cancelled', async () => {
    const bought = await t.buyCompleted();
    const requested = await t.requestReturn(bought);
    expect(requested.statusCode, requested.body).toBe(200);
    const returnId = requested.json().data.items[0].return_request.id as number;
    const prize = await t.createPrize(240);
    expect((await t.claim(prize)).statusCode).toBe(200);

    const refused = await t.decide(bought.orderId, returnId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toMatchObject({ error: 'RETURN_POINTS_SPENT', points_needed: 240 });
    // nothing of the approval stayed: the item is still delivered, the request still open
    const view = (await (await as(t.state.ctx, DEALER)).get(`/api/orders/${bought.orderId}`)).json()
      .data.items[0];
    expect(view).toMatchObject({ status: 'delivered', return_request: { id: returnId } });
    expect(await t.standing()).toMatchObject({ points: 240, balance: 0 });

    await t.cancelClaim(prize);
    expect((await t.decide(bought.orderId, returnId)).statusCode).toBe(200);
    expect(await t.standing()).toMatchObject({ points: 0, balance: 0 });
  });

  it('names only the missing points, and lets through a return the unspent points cover', async () => {
    const [first, second] = [await t.buyCompleted(), await t.buyCompleted()];
    const prize = await t.createPrize(300);
    expect((await t.claim(prize)).statusCode).toBe(200);
    expect(await t.standing()).toMatchObject({ points: 480, balance: 180 });
    // 240 back from a balance of 180: 60 of them are held by the claim
    expect((await t.requestReturn(first)).json().data).toMatchObject({
      error: 'RETURN_POINTS_SPENT',
      points_needed: 60,
    });

    await t.cancelClaim(prize);
    const smaller = await t.createPrize(240);
    expect((await t.claim(smaller)).statusCode).toBe(200);
    expect(await t.standing()).toMatchObject({ points: 480, balance: 240 });
    // the claim is still pending, but the other unit's points cover the return
    const requested = await t.requestReturn(first);
    expect(requested.statusCode, requested.body).toBe(200);
    const returnId = requested.json().data.items[0].return_request.id as number;
    expect((await t.decide(first.orderId, returnId)).statusCode).toBe(200);
    expect(await t.standing()).toMatchObject({ points: 240, balance: 0 });
    // and now the last unit's points are all spent
    expect((await t.requestReturn(second)).statusCode).toBe(409);
  });
});

describe.each(dbKinds.filter((k) => k === 'postgres'))(
  '[events][returns][concurrency] a claim and a return approval on %s',
  (kind) => {
    const t = setUp(kind);

    beforeAll(async () => {
      t.state.ctx = await createTestContext(kind);
      await t.createEvent('Returns concurrency');
    }, 60_000);
    afterAll(async () => t.state.ctx?.close());

    it('points never go negative: of a claim and a return racing for the same points, one passes', async () => {
      for (let round = 0; round < 3; round++) {
        const bought = await t.buyCompleted();
        const requested = await t.requestReturn(bought);
        expect(requested.statusCode, requested.body).toBe(200);
        const returnId = requested.json().data.items[0].return_request.id as number;
        const prize = await t.createPrize(240);
        const [claimed, approved] = await Promise.all([
          t.claim(prize),
          t.decide(bought.orderId, returnId),
        ]);
        // the claim won (the approval is refused), or the return won (the claim finds no points)
        expect([
          [200, 409],
          [422, 200],
        ]).toContainEqual([claimed.statusCode, approved.statusCode]);
        expect(await t.standing()).toMatchObject({ balance: 0 });
        if (approved.statusCode === 200) {
          expect(claimed.json().data.reason).toBe('not_enough_points');
          continue;
        }
        await t.cancelClaim(prize);
        expect((await t.decide(bought.orderId, returnId)).statusCode).toBe(200);
        expect(await t.standing()).toMatchObject({ points: 0, balance: 0 });
      }
    }, 90_000);
  },
);
