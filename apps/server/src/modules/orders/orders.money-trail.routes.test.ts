/**
 * Invariant 10 of docs/invariants.md, every movement of money is recorded (issue 29): each
 * payment, credit drawn, settlement and refund of an order goes into its money trail in the
 * transaction of the change that moves it, and the trail sums to what the order still owes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  creditInUse,
  type MoneyMovement,
  moneyOwed,
  type OrderMoneyState,
  owedByState,
} from '@esd/shared/orders/orders.rules';
import { subtractMoney } from '@esd/shared/shop/money';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { basketItems, orderMoneyMovements, orders, products, users } from '../../db/schema';

type Movement = {
  kind: string;
  amount_usd: string;
  amount_azn: string;
  at: string;
  item_id: number | null;
  actor: { id: number; name: string } | null;
  note: string | null;
};
type Detail = {
  id: number;
  status: string;
  total_usd: string;
  total_azn: string;
  refunded_usd: string;
  items: {
    id: number;
    status: string;
    provider_id: number;
    total_usd: string;
    total_azn: string;
    adobe: { error: string | null } | null;
    return_request: { id: number } | null;
  }[];
  money_trail: Movement[];
  money_owed: { usd: string; azn: string };
};

const backfillSql = readFileSync(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../drizzle/0031_order_money_trail_backfill.sql',
  ),
  'utf8',
);
const ZERO = { usd: '0.00', azn: '0.00' };

let seq = 0;
const key = () => `money-trail-${Date.now()}-${++seq}`;

describe.each(dbKinds)('[orders] the money trail on %s', (kind) => {
  let ctx: TestContext;
  let keysId: number;
  let keys2Id: number;
  let waitingId: number;
  let adobeId: number;
  const ids: Record<string, number> = {};

  const checkout = async (email: string, sellType: 1 | 2) =>
    (await as(ctx, email)).post(
      '/api/checkout',
      { sell_type: sellType },
      { 'idempotency-key': key() },
    );
  const detail = async (email: string, id: number) =>
    (await as(ctx, email)).get(`/api/orders/${id}`);
  const waitForStatus = async (id: number, status: string) =>
    waitFor(async () => (await detail('gd@example.com', id)).json().data as Detail, {
      until: (order) => order.status === status,
      message: `order ${id} ${status}`,
    });
  const emptyBasket = async (email: string) =>
    ctx.db.delete(basketItems).where(eq(basketItems.userId, ids[email]!));

  /** The order's trail by the database, checked against what the order owes by its state. */
  const trailAgrees = async (id: number) => {
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    const state: OrderMoneyState = {
      status: o!.status,
      sellType: o!.sellType,
      creditSettled: o!.creditSettledAt !== null,
      totalUsd: o!.totalUsd,
      totalAzn: o!.totalAzn,
      refundedUsd: o!.refundedUsd,
      refundedAzn: o!.refundedAzn,
    };
    const rows = await ctx.db
      .select()
      .from(orderMoneyMovements)
      .where(eq(orderMoneyMovements.orderId, id));
    const trail: MoneyMovement[] = rows.map((m) => ({
      kind: m.kind,
      usd: m.amountUsd,
      azn: m.amountAzn,
    }));
    const owed = moneyOwed(state, trail);
    expect(owed, `order ${id}: what its trail owes`).toEqual(owedByState(state));
    if (state.sellType === 2)
      expect(creditInUse(trail), `order ${id}: the credit it uses`).toEqual(owedByState(state));
    return owed;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    keysId = await createProduct(ctx, { sku: 'TRAIL-KEYS' });
    keys2Id = await createProduct(ctx, { sku: 'TRAIL-KEYS-2' });
    // no keys in stock: its orders stay in progress, so an admin can still cancel them
    waitingId = await createProduct(ctx, { sku: 'TRAIL-WAITING' });
    await addKeys(ctx, keysId, 20);
    await addKeys(ctx, keys2Id, 20);
    const [adobe] = await ctx.db.select().from(products).where(eq(products.providerId, 3)).limit(1);
    adobeId = adobe!.id;
    for (const email of ['gd@example.com', 'dealer@example.com', 'user@example.com']) {
      const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
      ids[email] = row!.id;
    }
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('invariant 10, every movement of money is recorded: a credit checkout records the credit drawn, in its answer and on the order page', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${waitingId}/2/2`);
    const answer = (await checkout('dealer@example.com', 2)).json().data as Detail;
    const drawn = {
      kind: 'credit_drawn',
      amount_usd: answer.total_usd,
      amount_azn: answer.total_azn,
      item_id: null,
      actor: { id: ids['dealer@example.com'], name: expect.any(String) },
    };
    expect(answer.money_trail).toMatchObject([drawn]);
    // the dealer owes the order on its credit until it settles
    expect(answer.money_owed).toEqual({ usd: answer.total_usd, azn: answer.total_azn });
    const page = (await dealer.get(`/api/orders/${answer.id}`)).json().data as Detail;
    expect(page.money_trail).toEqual(answer.money_trail);
    expect(page.money_owed).toEqual(answer.money_owed);
    expect(await trailAgrees(answer.id)).toEqual(answer.money_owed);
  });

  it('invariant 10, every movement of money is recorded: a cash payment confirmed by an admin is recorded as paid, by that admin', async () => {
    const user = await as(ctx, 'user@example.com');
    await user.get(`/api/basket/add/${waitingId}/1/1`);
    const placed = (await checkout('user@example.com', 1)).json().data as Detail;
    // a cash order awaiting payment has moved no money and owes its total
    expect(placed.money_trail).toEqual([]);
    expect(placed.money_owed).toEqual({ usd: placed.total_usd, azn: placed.total_azn });
    expect(await trailAgrees(placed.id)).toEqual(placed.money_owed);

    const gd = await as(ctx, 'gd@example.com');
    const paid = (
      await gd.post(`/api/orders/${placed.id}/confirm-payment`, { note: 'Bank transfer 4471' })
    ).json().data as Detail;
    expect(paid.money_trail).toMatchObject([
      {
        kind: 'paid',
        amount_usd: placed.total_usd,
        amount_azn: placed.total_azn,
        actor: { id: ids['gd@example.com'] },
        note: 'Bank transfer 4471',
      },
    ]);
    expect(paid.money_owed).toEqual(ZERO);
    expect(await trailAgrees(placed.id)).toEqual(ZERO);
    // whoever may see the order sees its trail: the buyer and its dealer too
    for (const email of ['user@example.com', 'dealer@example.com']) {
      const seen = (await detail(email, placed.id)).json().data as Detail;
      expect(seen.money_trail, email).toEqual(paid.money_trail);
    }
  });

  it('invariant 10, every movement of money is recorded: cancelling a paid cash order records its refund in the same transaction, and it owes nothing after', async () => {
    const user = await as(ctx, 'user@example.com');
    await user.get(`/api/basket/add/${waitingId}/3/1`);
    const placed = (await checkout('user@example.com', 1)).json().data as Detail;
    const gd = await as(ctx, 'gd@example.com');
    await gd.post(`/api/orders/${placed.id}/confirm-payment`, {});
    const url = `/api/orders/${placed.id}/cancel`;

    // the cancel fails after its refund is written: the refund goes with it
    await ctx.db.execute(sql`create function test_fail() returns trigger language plpgsql
      as $$ begin raise exception 'test: this write fails'; end $$`);
    try {
      await ctx.db.execute(sql`create trigger test_fail_cancel before insert on order_events
        for each row when (new.to_status = 'cancelled') execute function test_fail()`);
      expect((await gd.post(url, { note: 'Customer withdrew' })).statusCode).toBe(500);
      await ctx.db.execute(sql`drop trigger test_fail_cancel on order_events`);
      // the refund cannot be written: the order is not cancelled either
      await ctx.db.execute(sql`create trigger test_fail_refund before insert
        on order_money_movements for each row execute function test_fail()`);
      expect((await gd.post(url, { note: 'Customer withdrew' })).statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop function test_fail() cascade`);
    }
    const untouched = (await gd.get(`/api/orders/${placed.id}`)).json().data as Detail;
    expect(untouched.status).toBe('in_progress');
    expect(untouched.money_trail.map((m) => m.kind)).toEqual(['paid']);

    const cancelled = (await gd.post(url, { note: 'Customer withdrew' })).json().data as Detail;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.money_trail).toMatchObject([
      { kind: 'paid', amount_usd: placed.total_usd, amount_azn: placed.total_azn },
      {
        kind: 'refunded',
        amount_usd: placed.total_usd,
        amount_azn: placed.total_azn,
        item_id: null,
        actor: { id: ids['gd@example.com'] },
        note: 'Customer withdrew',
      },
    ]);
    expect(cancelled.money_owed).toEqual(ZERO);
    expect(await trailAgrees(placed.id)).toEqual(ZERO);
  });

  it('invariant 10, every movement of money is recorded: cancelling a cash order awaiting payment moves no money', async () => {
    const user = await as(ctx, 'user@example.com');
    await user.get(`/api/basket/add/${waitingId}/1/1`);
    const placed = (await checkout('user@example.com', 1)).json().data as Detail;
    const cancelled = (await user.post(`/api/orders/${placed.id}/cancel`, {})).json()
      .data as Detail;
    expect(cancelled).toMatchObject({ status: 'cancelled', money_trail: [], money_owed: ZERO });
    expect(await trailAgrees(placed.id)).toEqual(ZERO);
  });

  it('invariant 10, every movement of money is recorded: cancelling a credit order puts it back onto the credit', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await emptyBasket('dealer@example.com');
    await dealer.get(`/api/basket/add/${waitingId}/1/2`);
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    const gd = await as(ctx, 'gd@example.com');
    const cancelled = (await gd.post(`/api/orders/${placed.id}/cancel`, {})).json().data as Detail;
    expect(cancelled.money_trail).toMatchObject([
      { kind: 'credit_drawn', amount_usd: placed.total_usd },
      { kind: 'credit_restored', amount_usd: placed.total_usd, amount_azn: placed.total_azn },
    ]);
    expect(cancelled.money_owed).toEqual(ZERO);
    expect(await trailAgrees(placed.id)).toEqual(ZERO);
  });

  it('invariant 10, every movement of money is recorded: returns go back onto the credit before settlement and as money after it; the settlement is recorded', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const gd = await as(ctx, 'gd@example.com');
    await emptyBasket('dealer@example.com');
    await dealer.get(`/api/basket/add/${keysId}/1/2`);
    await dealer.get(`/api/basket/add/${keys2Id}/2/2`);
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    const done = await waitForStatus(placed.id, 'completed');
    const returnOf = async (itemId: number) => {
      const asked = (
        await dealer.post(`/api/orders/${placed.id}/items/${itemId}/return`, {
          reason: 'The customer cancelled the project.',
        })
      ).json().data as Detail;
      const request = asked.items.find((i) => i.id === itemId)!.return_request!;
      return (
        await gd.post(`/api/orders/${placed.id}/returns/${request.id}/decide`, {
          approve: true,
          note: 'Approved',
        })
      ).json().data as Detail;
    };
    const [first, second] = done.items;

    const restored = await returnOf(first!.id);
    expect(restored.money_trail.at(-1)).toMatchObject({
      kind: 'credit_restored',
      item_id: first!.id,
      amount_usd: first!.total_usd,
      amount_azn: first!.total_azn,
      actor: { id: ids['gd@example.com'] },
      note: 'Approved',
    });
    const left = {
      usd: subtractMoney(placed.total_usd, first!.total_usd),
      azn: subtractMoney(placed.total_azn, first!.total_azn),
    };
    expect(restored.money_owed).toEqual(left);
    expect(await trailAgrees(placed.id)).toEqual(left);

    const settled = (await gd.post(`/api/orders/${placed.id}/settle-credit`, {})).json()
      .data as Detail;
    expect(settled.money_trail.at(-1)).toMatchObject({
      kind: 'settled',
      amount_usd: left.usd,
      amount_azn: left.azn,
      actor: { id: ids['gd@example.com'] },
    });
    expect(settled.money_owed).toEqual(ZERO);
    expect(await trailAgrees(placed.id)).toEqual(ZERO);

    // after the dealer paid, a return gives money back rather than credit
    const refunded = await returnOf(second!.id);
    expect(refunded.money_trail.at(-1)).toMatchObject({
      kind: 'refunded',
      item_id: second!.id,
      amount_usd: second!.total_usd,
      amount_azn: second!.total_azn,
    });
    expect(refunded.money_owed).toEqual(ZERO);
    expect(await trailAgrees(placed.id)).toEqual(ZERO);
  });

  it('invariant 10, every movement of money is recorded: an approved return of a cash order records its refund', async () => {
    const user = await as(ctx, 'user@example.com');
    const gd = await as(ctx, 'gd@example.com');
    await emptyBasket('user@example.com');
    await user.get(`/api/basket/add/${keysId}/1/1`);
    const placed = (await checkout('user@example.com', 1)).json().data as Detail;
    await gd.post(`/api/orders/${placed.id}/confirm-payment`, {});
    const done = await waitForStatus(placed.id, 'completed');
    const item = done.items[0]!;
    const asked = (
      await user.post(`/api/orders/${placed.id}/items/${item.id}/return`, {
        reason: 'Bought by mistake.',
      })
    ).json().data as Detail;
    const request = asked.items[0]!.return_request!;
    const approved = (
      await gd.post(`/api/orders/${placed.id}/returns/${request.id}/decide`, { approve: true })
    ).json().data as Detail;
    expect(approved.money_trail).toMatchObject([
      { kind: 'paid', amount_usd: placed.total_usd },
      {
        kind: 'refunded',
        item_id: item.id,
        amount_usd: item.total_usd,
        amount_azn: item.total_azn,
      },
    ]);
    expect(approved.money_owed).toEqual(ZERO);
    expect(await trailAgrees(placed.id)).toEqual(ZERO);
  });

  it('invariant 10, every movement of money is recorded: a withdrawn Adobe item records its refund', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const gd = await as(ctx, 'gd@example.com');
    await emptyBasket('dealer@example.com');
    const [customer] = (await dealer.get('/api/getAdobeCustomerList')).json().data as {
      id: number;
    }[];
    await dealer.get(`/api/basket/add/${keysId}/1/2`);
    const added = (
      await dealer.post('/api/basket/add/adobe', {
        product_id: adobeId,
        customer_id: customer!.id,
        quantity: 12,
        treeYearCommitment: 1,
        sell_type: 2,
      })
    ).json().data as { products: { id: number; product_id: number }[] };
    const adobeLine = added.products.find((p) => p.product_id === adobeId)!;
    // Adobe no longer knows the customer when the order reaches it: it refuses the item
    await ctx.db
      .update(basketItems)
      .set({ adobe: sql`jsonb_set(${basketItems.adobe}, '{customer_id}', '"P9999999999"')` })
      .where(eq(basketItems.id, adobeLine.id));
    const placed = (await checkout('dealer@example.com', 2)).json().data as Detail;
    const stuck = await waitFor(
      async () => (await gd.get(`/api/orders/${placed.id}`)).json().data as Detail,
      {
        until: (order) =>
          order.items.some((i) => i.adobe?.error) &&
          order.items.some((i) => i.status === 'delivered'),
        message: `order ${placed.id}: keys delivered and the Adobe item refused`,
      },
    );
    const refused = stuck.items.find((i) => i.provider_id === 3)!;
    const kept = stuck.items.find((i) => i.provider_id !== 3)!;
    const done = (
      await gd.post(`/api/orders/${placed.id}/items/${refused.id}/withdraw`, {
        note: 'Customer closed at Adobe',
      })
    ).json().data as Detail;
    expect(done.money_trail).toMatchObject([
      { kind: 'credit_drawn', amount_usd: placed.total_usd },
      {
        kind: 'credit_restored',
        item_id: refused.id,
        amount_usd: refused.total_usd,
        amount_azn: refused.total_azn,
        note: 'Customer closed at Adobe',
      },
    ]);
    // the dealer owes what was delivered
    expect(done.money_owed).toEqual({ usd: kept.total_usd, azn: kept.total_azn });
    expect(await trailAgrees(placed.id)).toEqual(done.money_owed);
  });

  it('invariant 10, every movement of money is recorded: every order’s trail sums to what it owes, and the backfill of migration 0031 rebuilds the same trails', async () => {
    const all = await ctx.db.select({ id: orders.id }).from(orders).orderBy(asc(orders.id));
    expect(all.length).toBeGreaterThan(10);
    for (const { id } of all) await trailAgrees(id);
    const recorded = async () =>
      (
        await ctx.db
          .select({
            orderId: orderMoneyMovements.orderId,
            itemId: orderMoneyMovements.itemId,
            kind: orderMoneyMovements.kind,
            usd: orderMoneyMovements.amountUsd,
            azn: orderMoneyMovements.amountAzn,
          })
          .from(orderMoneyMovements)
      )
        .map((m) => JSON.stringify(m))
        .sort();
    const before = await recorded();
    // the orders placed before the trail was kept: the migration reads them from their history
    await ctx.db.delete(orderMoneyMovements);
    await ctx.db.execute(sql.raw(backfillSql));
    expect(await recorded()).toEqual(before);
    for (const { id } of all) await trailAgrees(id);
  });
});
