import { and, asc, eq, sql } from 'drizzle-orm';
import {
  adobeCustomers,
  licenceKeys,
  orderItems,
  orders,
  products,
  returnRequests,
  users,
} from '../../src/db/schema';
import { DEMO_OUT_OF_STOCK_SKU } from '../../src/seed/seed';
import type { TestContext } from '../harness';

export type Account = { id: number; dealerId: number | null; countryId: number | null };

export const account = async (ctx: TestContext, email: string): Promise<Account> => {
  const [row] = await ctx.db
    .select({ id: users.id, dealerId: users.dealerId, countryId: users.countryId })
    .from(users)
    .where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row;
};

/**
 * The records of one buyer on which every order action would succeed for its owner or its
 * district admin: a cash order awaiting payment (cancel, confirm payment) and a paid,
 * unsettled credit order with a delivered returnable item and its key (activate, return,
 * send keys), a vendor item waiting for keys (deliver by hand) and an item whose return
 * is requested (decide).
 */
export type OrderSet = {
  pendingId: number;
  paidId: number;
  returnableItemId: number;
  keyId: number;
  vendorItemId: number;
  returnId: number;
};

const pick = async (ctx: TestContext, providerId: number, returnable: boolean) => {
  const [row] = await ctx.db
    .select()
    .from(products)
    .where(
      and(
        eq(products.providerId, providerId),
        eq(products.isReturnable, returnable),
        eq(products.isActive, true),
        sql`${products.sku} <> ${DEMO_OUT_OF_STOCK_SKU}`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error(`no demo product of provider ${providerId}`);
  return row;
};

/** `tag` tells apart the sets of one buyer (a check that changes its set makes its own). */
export const insertOrderSet = async (
  ctx: TestContext,
  buyer: Account,
  tag = '',
): Promise<OrderSet> => {
  const dealerId = buyer.dealerId ?? buyer.id;
  const stocked = await pick(ctx, 1, true);
  const vendor = await pick(ctx, 2, false);
  const now = new Date();
  const base = {
    buyerId: buyer.id,
    dealerId,
    countryId: buyer.countryId,
    lang: 'en',
    rate: '1.7000',
    vatPercent: '18.00',
    surchargePercent: '0.00',
    vatUsd: '0.00',
  };
  const [pending] = await ctx.db
    .insert(orders)
    .values({
      ...base,
      sellType: 1,
      status: 'pending',
      idempotencyKey: `scope-pending-${buyer.id}${tag}`,
      totalUsd: stocked.dealerPrice,
      totalAzn: '0.00',
    })
    .returning({ id: orders.id });
  const [paid] = await ctx.db
    .insert(orders)
    .values({
      ...base,
      sellType: 2,
      status: 'in_progress',
      idempotencyKey: `scope-paid-${buyer.id}${tag}`,
      totalUsd: stocked.dealerPrice,
      totalAzn: '0.00',
      // paid an hour ago: its vendor item is past the delivery promise (late deliveries)
      paidAt: new Date(now.getTime() - 3_600_000),
    })
    .returning({ id: orders.id });
  if (!pending || !paid) throw new Error('order insert returned nothing');
  const line = (product: typeof stocked, status: 'delivered' | 'waiting') => ({
    orderId: paid.id,
    productId: product.id,
    sku: product.sku,
    titleEn: product.titleEn,
    titleRu: product.titleRu,
    titleAz: product.titleAz,
    providerId: product.providerId,
    isReturnable: product.isReturnable,
    quantity: 1,
    unitUsd: product.dealerPrice,
    totalUsd: product.dealerPrice,
    totalAzn: '0.00',
    status,
    delivered: status === 'delivered' ? 1 : 0,
    deliveredAt: status === 'delivered' ? now : null,
  });
  await ctx.db.insert(orderItems).values({ ...line(stocked, 'waiting'), orderId: pending.id });
  const [returnable, vendorItem, returned] = await ctx.db
    .insert(orderItems)
    .values([line(stocked, 'delivered'), line(vendor, 'waiting'), line(stocked, 'delivered')])
    .returning({ id: orderItems.id });
  if (!returnable || !vendorItem || !returned) throw new Error('item insert returned nothing');
  const keys = await ctx.db.execute<{ id: number }>(sql`
    update licence_keys set status = 'allocated', order_item_id = ${returnable.id},
      allocated_at = now()
    where id = (select id from ${licenceKeys} where product_id = ${stocked.id}
      and status = 'available' order by id limit 1)
    returning id`);
  const keyId = Number((keys as unknown as { rows: { id: number }[] }).rows[0]?.id);
  const [request] = await ctx.db
    .insert(returnRequests)
    .values({ orderItemId: returned.id, requestedBy: buyer.id, reason: 'scope probe' })
    .returning({ id: returnRequests.id });
  if (!keyId || !request) throw new Error('key or return request missing');
  return {
    pendingId: pending.id,
    paidId: paid.id,
    returnableItemId: returnable.id,
    keyId,
    vendorItemId: vendorItem.id,
    returnId: request.id,
  };
};

/** Everything an order action could change, to prove a refused call changed nothing. */
export const orderState = async (ctx: TestContext, set: OrderSet) => {
  const rows = await ctx.db.execute(sql`
    select o.id, o.status, o.credit_settled_at is null as unsettled,
      (select json_agg(json_build_object('id', i.id, 'status', i.status, 'delivered', i.delivered)
        order by i.id) from order_items i where i.order_id = o.id) as items,
      (select count(*)::int from order_events e where e.order_id = o.id) as events,
      (select count(*)::int from return_requests r join order_items i on i.id = r.order_item_id
        where i.order_id = o.id) as returns,
      (select string_agg(r.status, ',' order by r.id) from return_requests r
        join order_items i on i.id = r.order_item_id where i.order_id = o.id) as return_states,
      (select count(*)::int from licence_keys k join order_items i on i.id = k.order_item_id
        where i.order_id = o.id and k.activated_at is not null) as activated
    from orders o where o.id in (${set.pendingId}, ${set.paidId}) order by o.id`);
  return (rows as unknown as { rows: unknown[] }).rows;
};

/** An Adobe customer of a dealer, as the Adobe flow would have stored it. */
export const insertAdobeCustomer = async (ctx: TestContext, dealerId: number) => {
  const customerId = `P${dealerId}SCOPE`;
  const [row] = await ctx.db
    .insert(adobeCustomers)
    .values({
      dealerId,
      customerId,
      companyName: 'Scope Probe LLC',
      marketSegment: 'COM',
      profile: {
        customerId,
        companyProfile: { companyName: 'Scope Probe LLC', marketSegment: 'COM' },
      } as never,
    })
    .returning({ id: adobeCustomers.id });
  if (!row) throw new Error('adobe customer insert returned nothing');
  return row.id;
};
