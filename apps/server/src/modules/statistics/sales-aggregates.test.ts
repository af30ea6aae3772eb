import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { orders } from '../../db/schema';

type Detail = {
  id: number;
  status: string;
  items: { id: number; status: string; return_request: { id: number } | null }[];
};

/**
 * The summaries of migration 0011 against a recomputation from orders and order_items, after
 * real checkouts (credit and cash), a cash payment confirmed later, a cancellation, an
 * approved return and a deleted order: the triggers must leave no difference in any table.
 */
describe.each(dbKinds)('[statistics][summaries] kept in step with orders on %s', (kind) => {
  let ctx: TestContext;
  let keyed: number;
  let unstocked: number;
  let seq = 0;

  const checkout = async (email: string, productId: number, quantity: number, sellType: 1 | 2) => {
    const shopper = await as(ctx, email);
    await shopper.get(`/api/basket/add/${productId}/${quantity}/${sellType}`);
    const response = await shopper.post(
      '/api/checkout',
      { sell_type: sellType },
      { 'idempotency-key': `summaries-${Date.now()}-${++seq}` },
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Detail;
  };

  const waitForStatus = async (id: number, status: string) => {
    const gd = await as(ctx, 'gd@example.com');
    return waitFor(async () => (await gd.get(`/api/orders/${id}`)).json().data as Detail, {
      until: (detail) => detail.status === status,
      message: `order ${id} ${status}`,
    });
  };

  /** Rows where a summary and the recomputation differ, over all three tables. */
  const differences = async () => {
    const counted = sql`from orders o join order_items i on i.order_id = o.id
      where o.paid_at is not null and o.status <> 'cancelled' and i.status <> 'returned'`;
    const day = sql`(o.paid_at at time zone 'Asia/Baku')::date`;
    const result = await ctx.db.execute(sql`
      with daily_truth as (
        select day, dealer_id, country_id, sell_type, sum(n)::int as orders, sum(q)::int as quantity,
          sum(u) as amount_usd, sum(a) as amount_azn
        from (
          select ${day} as day, o.dealer_id, coalesce(o.country_id, 0) as country_id, o.sell_type,
            1 as n, 0 as q, 0::numeric as u, 0::numeric as a
          from orders o where o.paid_at is not null and o.status <> 'cancelled'
          union all
          select ${day}, o.dealer_id, coalesce(o.country_id, 0), o.sell_type, 0, i.quantity, i.total_usd, i.total_azn
          ${counted}
        ) x group by 1, 2, 3, 4
      ),
      product_truth as (
        select ${day} as day, o.dealer_id, coalesce(o.country_id, 0) as country_id, i.product_id,
          sum(i.quantity)::int as quantity, sum(i.total_usd) as amount_usd, sum(i.total_azn) as amount_azn
        ${counted} group by 1, 2, 3, 4
      ),
      month_truth as (
        select date_trunc('month', day)::date as month, dealer_id, country_id, product_id,
          sum(quantity)::int as quantity, sum(amount_usd) as amount_usd, sum(amount_azn) as amount_azn
        from product_truth group by 1, 2, 3, 4
      )
      select
        (select count(*) from daily_truth t
          full join (select * from sales_daily where orders <> 0 or quantity <> 0 or amount_usd <> 0) s
          using (day, dealer_id, country_id, sell_type)
          where (t.orders, t.quantity, t.amount_usd, t.amount_azn)
            is distinct from (s.orders, s.quantity, s.amount_usd, s.amount_azn))::int as daily,
        (select count(*) from product_truth t
          full join (select * from sales_product_daily where quantity <> 0 or amount_usd <> 0) s
          using (day, dealer_id, country_id, product_id)
          where (t.quantity, t.amount_usd, t.amount_azn)
            is distinct from (s.quantity, s.amount_usd, s.amount_azn))::int as product_daily,
        (select count(*) from month_truth t
          full join (select * from sales_product_monthly where quantity <> 0 or amount_usd <> 0) s
          using (month, dealer_id, country_id, product_id)
          where (t.quantity, t.amount_usd, t.amount_azn)
            is distinct from (s.quantity, s.amount_usd, s.amount_azn))::int as product_monthly,
        (select count(*) from (select date_trunc('week', day)::date as week, dealer_id, country_id, sell_type,
            sum(orders) as o, sum(quantity) as q, sum(amount_usd) as u from daily_truth group by 1, 2, 3, 4) t
          full join (select * from sales_weekly where orders <> 0 or quantity <> 0 or amount_usd <> 0) s
          using (week, dealer_id, country_id, sell_type)
          where (t.o, t.q, t.u) is distinct from (s.orders::numeric, s.quantity::numeric, s.amount_usd))::int as weekly,
        (select count(*) from (select date_trunc('month', day)::date as month, dealer_id, country_id, sell_type,
            sum(orders) as o, sum(quantity) as q, sum(amount_usd) as u from daily_truth group by 1, 2, 3, 4) t
          full join (select * from sales_monthly where orders <> 0 or quantity <> 0 or amount_usd <> 0) s
          using (month, dealer_id, country_id, sell_type)
          where (t.o, t.q, t.u) is distinct from (s.orders::numeric, s.quantity::numeric, s.amount_usd))::int as monthly,
        (select count(*) from (select day, country_id, product_id, sum(quantity) as q, sum(amount_usd) as u,
            sum(amount_azn) as a from product_truth group by 1, 2, 3) t
          full join (select day, country_id, product_id, sum(quantity) as q, sum(amount_usd) as u, sum(amount_azn) as a
            from (select day, country_id, product_id, quantity, amount_usd, amount_azn from sales_product_country_daily
              union all select day, country_id, product_id, quantity, amount_usd, amount_azn from sales_product_pending) x
            group by 1, 2, 3 having sum(quantity) <> 0 or sum(amount_usd) <> 0) s
          using (day, country_id, product_id)
          where (t.q, t.u, t.a) is distinct from (s.q, s.u, s.a))::int as country_products,
        (select coalesce(sum(orders), 0)::int from sales_daily) as orders`);
    return (
      result as unknown as {
        rows: {
          daily: number;
          product_daily: number;
          product_monthly: number;
          weekly: number;
          monthly: number;
          country_products: number;
          orders: number;
        }[];
      }
    ).rows[0]!;
  };

  const inStep = {
    daily: 0,
    product_daily: 0,
    product_monthly: 0,
    weekly: 0,
    monthly: 0,
    country_products: 0,
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    keyed = await createProduct(ctx, { sku: 'SUM-KEYS' });
    unstocked = await createProduct(ctx, { sku: 'SUM-EMPTY' });
    await addKeys(ctx, keyed, 20);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('counts a credit checkout at once and a cash one only when its payment is confirmed', async () => {
    const before = (await differences()).orders;
    await checkout('dealer@example.com', keyed, 2, 2);
    const cash = await checkout('user@example.com', keyed, 1, 1);
    expect(await differences()).toMatchObject({
      ...inStep,
      orders: before + 1,
    });
    const gd = await as(ctx, 'gd@example.com');
    expect((await gd.post(`/api/orders/${cash.id}/confirm-payment`, {})).statusCode).toBe(200);
    expect(await differences()).toMatchObject({
      ...inStep,
      orders: before + 2,
    });
  });

  it('takes a cancelled paid order out again', async () => {
    const before = (await differences()).orders;
    const placed = await checkout('dealer2@example.com', unstocked, 3, 2);
    expect((await differences()).orders).toBe(before + 1);
    const gd = await as(ctx, 'gd@example.com');
    const cancelled = await gd.post(`/api/orders/${placed.id}/cancel`, { note: 'no stock' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await differences()).toMatchObject({
      ...inStep,
      orders: before,
    });
  });

  it('takes out the amount of an approved return', async () => {
    // a product of its own: 2 units in one order, 1 in another, whose item is returned
    const returned = await createProduct(ctx, { sku: `SUM-RET-${++seq}-${Date.now()}` });
    await addKeys(ctx, returned, 3);
    const sold = async () =>
      (
        (await ctx.db.execute(
          sql`select coalesce(sum(quantity), 0)::int as q from sales_product_daily where product_id = ${returned}`,
        )) as unknown as { rows: { q: number }[] }
      ).rows[0]!.q;
    await checkout('dealer@example.com', returned, 2, 2);
    const placed = await checkout('dealer@example.com', returned, 1, 2);
    expect(await sold()).toBe(3);
    const done = await waitForStatus(placed.id, 'completed');
    const item = done.items[0]!;
    const dealer = await as(ctx, 'dealer@example.com');
    const requested = (
      await dealer.post(`/api/orders/${placed.id}/items/${item.id}/return`, {
        reason: 'not needed',
      })
    ).json().data as Detail;
    const gd = await as(ctx, 'gd@example.com');
    const decided = await gd.post(
      `/api/orders/${placed.id}/returns/${requested.items[0]!.return_request!.id}/decide`,
      { approve: true },
    );
    expect(decided.statusCode, decided.body).toBe(200);
    // the returned licence is gone, the other order's two stay
    expect(await sold()).toBe(2);
    expect(await differences()).toMatchObject(inStep);
  });

  it('takes out an order deleted with its items', async () => {
    const placed = await checkout('dealer@example.com', unstocked, 1, 2);
    const before = (await differences()).orders;
    await ctx.db.delete(orders).where(eq(orders.id, placed.id));
    expect(await differences()).toMatchObject({
      ...inStep,
      orders: before - 1,
    });
  });

  it('folds the pending product changes into the per-country summaries without changing a sum', async () => {
    // the server folds every 2 s too, so this test reads what it controls: the last id a
    // trigger appended (the sequence stays when folded rows go) and the rows up to it
    const one = async (query: ReturnType<typeof sql>) =>
      ((await ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const lastAppended = () =>
      one(sql`select (case when is_called then last_value else 0 end)::int as n
        from sales_product_pending_id_seq`);
    // the fold gives way (returns 0) while the server's own holds its lock: ask until done
    const foldUpTo = (id: number) =>
      waitFor(
        async () => {
          await ctx.db.execute(sql`select sales_fold_pending(100000)`);
          return one(sql`select count(*)::int as n from sales_product_pending where id <= ${id}`);
        },
        { until: (left) => left === 0, message: `no pending row up to ${id}` },
      );
    await foldUpTo(await lastAppended());
    expect(await differences()).toMatchObject(inStep);
    const before = await lastAppended();
    await checkout('dealer@example.com', unstocked, 2, 2);
    const after = await lastAppended();
    expect(after, 'the checkout appended pending product changes').toBeGreaterThan(before);
    expect(await differences()).toMatchObject(inStep);
    await foldUpTo(after);
    expect(await differences()).toMatchObject(inStep);
  });
});
