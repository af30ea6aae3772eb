/**
 * Issue 31, part 4 (specification §1: prices are paid in manats at the bank's USD rate at payment
 * time): a cash order's AZN amounts are those of the Baku day its payment is confirmed, a credit
 * order's those of the day it was placed (its credit drawn). Each test sets the rates it needs:
 * the seeded one of an earlier day when the order is placed, a new one of today after.
 */
import { multiplyMoney } from '@esd/shared/shop/money';
import { toAzn } from '@esd/shared/shop/pricing.rules';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { basketItems, exchangeRates, orderItems, orders, users } from '../../db/schema';
import { rowsOf } from '../../lib/sql';

type Detail = {
  id: number;
  status: string;
  rate: string;
  rate_date: string | null;
  azn_fixed: boolean;
  payment_due: { rate: string; rate_date: string; total_azn: string } | null;
  total_usd: string;
  total_azn: string;
  items: { id: number; quantity: number; unit_usd: string; total_azn: string }[];
  money_trail: { kind: string; amount_usd: string; amount_azn: string }[];
  money_owed: { usd: string; azn: string };
};

const bakuToday = sql`(now() at time zone 'Asia/Baku')::date`;
let seq = 0;

describe.each(dbKinds)('[orders] the AZN amount is fixed at the rate of payment on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;
  let dealerId: number;

  /** Today's rate (Baku) as `rate`, or none: then the shop uses the seeded earlier day's. */
  const setTodaysRate = async (rate: string | null) => {
    await ctx.db.delete(exchangeRates).where(eq(exchangeRates.rateDate, bakuToday as never));
    if (rate)
      await ctx.db.insert(exchangeRates).values({
        rateDate: bakuToday as unknown as string,
        usdAzn: rate,
        source: 'manual',
      });
  };
  const todaysDate = async () =>
    (await rowsOf<{ day: string }>(ctx.db, sql`select ${bakuToday}::text as day`))[0]!.day;

  const place = async (email: string, sellType: 1 | 2, quantity = 3) => {
    const buyer = await as(ctx, email);
    await buyer.get(`/api/basket/add/${productId}/${quantity}/${sellType}`);
    const review = (await buyer.get(`/api/checkout?sell_type=${sellType}`)).json().data;
    const placed = await buyer.post(
      '/api/checkout',
      { sell_type: sellType, quote: review.quote },
      { 'idempotency-key': `payment-rate-${Date.now()}-${++seq}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    return { review, order: placed.json().data as Detail };
  };
  const detail = async (id: number) =>
    (await (await as(ctx, 'gd@example.com')).get(`/api/orders/${id}`)).json().data as Detail;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    // a vendor-delivered product: its orders stay in progress, no keys needed
    productId = await createProduct(ctx, { sku: 'PAY-RATE', provider_id: 2 });
    const [dealer] = await ctx.db.select().from(users).where(eq(users.email, 'dealer@example.com'));
    dealerId = dealer!.id;
  }, 60_000);
  afterAll(async () => ctx?.close());
  beforeEach(() => setTodaysRate(null));

  it('a cash review says its AZN amount is due at the rate of the payment day; a credit review that it is fixed now', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${productId}/1/1`);
    await dealer.get(`/api/basket/add/${productId}/1/2`);
    const cash = (await dealer.get('/api/checkout?sell_type=1')).json().data;
    const credit = (await dealer.get('/api/checkout?sell_type=2')).json().data;
    expect(cash.azn_fixed_at).toBe('payment');
    expect(credit.azn_fixed_at).toBe('placement');
    await ctx.db.delete(basketItems).where(eq(basketItems.userId, dealerId));
  });

  it('a cash order placed at one day’s rate and paid on a day with another is charged the payment day’s amount, shown before it is confirmed', async () => {
    const { review, order } = await place('user@example.com', 1);
    expect(order.status).toBe('pending');
    expect(order.azn_fixed).toBe(false);
    expect(order.rate).toBe('1.7000');
    expect(order.rate_date).toBe(review.rate_date);
    expect(order.total_azn).toBe(review.total_azn);

    // the next rate comes in: the order page shows what the payment costs today
    await setTodaysRate('1.7500');
    const today = await todaysDate();
    const before = await detail(order.id);
    const unit = order.items[0]!;
    // each line at the new rate as checkout prices it: the unit's AZN amount times the quantity
    const due = multiplyMoney(
      toAzn({ usd: unit.unit_usd, rate: '1.7500', vatPercent: '18.00', surchargePercent: '0' }),
      unit.quantity,
    );
    expect(before.payment_due).toEqual({ rate: '1.7500', rate_date: today, total_azn: due });
    expect(due).not.toBe(order.total_azn);
    // nothing is fixed by looking: the order still holds the amounts of its day, and owes
    // what it costs if paid today
    expect(before.total_azn).toBe(order.total_azn);
    expect(before.money_owed).toEqual({ usd: order.total_usd, azn: due });

    // the admin confirms the amount it was shown before the rate moved: refused, nothing done
    const gd = await as(ctx, 'gd@example.com');
    const stale = await gd.post(`/api/orders/${order.id}/confirm-payment`, {
      total_azn: order.total_azn,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data).toMatchObject({
      error: 'AMOUNT_CHANGED',
      payment_due: { rate: '1.7500', rate_date: today, total_azn: due },
    });
    expect((await detail(order.id)).status).toBe('pending');

    const salesBefore = await cashSales();
    const paid = await gd.post(`/api/orders/${order.id}/confirm-payment`, {
      total_azn: due,
      note: 'Paid at the bank',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = paid.json().data as Detail;
    expect(after).toMatchObject({
      status: 'in_progress',
      azn_fixed: true,
      payment_due: null,
      rate: '1.7500',
      rate_date: today,
      total_usd: order.total_usd,
      total_azn: due,
    });
    expect(after.items[0]!.total_azn).toBe(due);
    expect(after.money_trail).toMatchObject([
      { kind: 'paid', amount_usd: order.total_usd, amount_azn: due },
    ]);
    expect(after.money_owed).toEqual({ usd: '0.00', azn: '0.00' });

    // the stored lines sum to the order, and the day's sales count the fixed amount
    const [stored] = await ctx.db
      .select({
        total: orders.totalAzn,
        lines: sql<string>`(select sum(total_azn)::text from order_items where order_id = ${order.id})`,
      })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(stored).toEqual({ total: due, lines: due });
    expect(await cashSales()).toBe((BigInt(salesBefore) + BigInt(due.replace('.', ''))).toString());

    // the export reads the fixed amount too
    const csv = await gd.get(`/api/orders/export?format=csv&id=${order.id}`);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<
      string,
      string
    >[];
    expect(Object.values(rows[0]!)).toContain(due);
    expect(Object.values(rows[0]!)).not.toContain(order.total_azn);
  });

  it('without the amount, the payment is confirmed at the amount of the moment; the rate of the placing day stays when no newer one came', async () => {
    const { order } = await place('dealer@example.com', 1, 2);
    const gd = await as(ctx, 'gd@example.com');
    const paid = (await gd.post(`/api/orders/${order.id}/confirm-payment`, {})).json()
      .data as Detail;
    expect(paid).toMatchObject({
      status: 'in_progress',
      rate: order.rate,
      rate_date: order.rate_date,
      total_azn: order.total_azn,
      azn_fixed: true,
    });
  });

  it("a credit order's AZN amount is fixed when it is placed: a later rate changes nothing", async () => {
    const { order } = await place('dealer@example.com', 2, 2);
    expect(order).toMatchObject({ status: 'in_progress', azn_fixed: true, payment_due: null });
    await setTodaysRate('1.9000');
    const later = await detail(order.id);
    expect(later).toMatchObject({
      rate: order.rate,
      rate_date: order.rate_date,
      total_azn: order.total_azn,
      azn_fixed: true,
      payment_due: null,
    });
    const [line] = await ctx.db
      .select({ totalAzn: orderItems.totalAzn })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, order.id)));
    expect(line!.totalAzn).toBe(order.items[0]!.total_azn);
  });

  it('the amount an admin types is checked as money: a garbled one is a 400, nothing done', async () => {
    const { order } = await place('user@example.com', 1, 1);
    const gd = await as(ctx, 'gd@example.com');
    for (const total_azn of ['1e3', '12.345', '-5', 'abc']) {
      const answer = await gd.post(`/api/orders/${order.id}/confirm-payment`, { total_azn });
      expect(answer.statusCode, total_azn).toBe(400);
    }
    expect((await detail(order.id)).status).toBe('pending');
  });

  /** Cash sales of the dealer's scope on every day, in cents, from the sales summaries. */
  const cashSales = async () =>
    (
      await rowsOf<{ cents: string }>(
        ctx.db,
        sql`select coalesce(sum(amount_azn) * 100, 0)::bigint::text as cents from sales_daily
          where dealer_id = ${dealerId} and sell_type = 1`,
      )
    )[0]!.cents;
});
