import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  adobeCustomers,
  events,
  mailMessages,
  orderItems,
  prizes,
  products,
} from '../../src/db/schema';
import type { TestContext } from '../harness';
import { caller } from '../users-support';
import {
  type Account,
  account,
  insertAdobeCustomer,
  insertOrderSet,
  type OrderSet,
  orderState,
} from './scope-fixtures';

export type Caller = ReturnType<typeof caller>;
export type Response = Awaited<ReturnType<Caller['get']>>;
export type ScopeChecks = Record<string, () => Promise<void>>;

/**
 * The seeded hierarchy seen from both sides: ld manages AZ and GE, ld2 KZ and UZ; dealer and
 * dealer2 sell in AZ, dealer-kz in KZ; user buys from dealer, farid from dealer2, aigerim from
 * dealer-kz. `d2` is a set of orders of farid (outside dealer and user), `kz` one of aigerim
 * (outside ld).
 */
const emails = {
  gd: 'gd@example.com',
  ld: 'ld@example.com',
  ld2: 'ld2@example.com',
  d: 'dealer@example.com',
  d2: 'dealer2@example.com',
  dkz: 'dealer-kz@example.com',
  u: 'user@example.com',
  farid: 'farid@example.com',
  aigerim: 'aigerim@example.com',
} as const;
type Name = keyof typeof emails;

export const loadScopeWorld = async (ctx: TestContext) => {
  const as = {} as Record<Name, Caller>;
  const who = {} as Record<Name, Account>;
  for (const [name, email] of Object.entries(emails) as [Name, string][]) {
    as[name] = caller(ctx, await ctx.login(email));
    who[name] = await account(ctx, email);
  }
  const d2 = await insertOrderSet(ctx, who.farid);
  const kz = await insertOrderSet(ctx, who.aigerim);
  let sets = 0;
  const [ownOrder] = (await as.d.get('/api/orders?perPage=1')).json().data.items;
  const [product] = await ctx.db
    .select()
    .from(products)
    .where(and(eq(products.providerId, 1), eq(products.isActive, true)))
    .limit(1);
  const [adobeProduct] = await ctx.db
    .select()
    .from(products)
    .where(eq(products.providerId, 3))
    .limit(1);
  if (!product || !adobeProduct || !ownOrder) throw new Error('seed lacks a product or an order');
  // dealer2's own basket line, price, group and Adobe customer: what dealer and user must not reach
  const basket = await as.d2.get(`/api/basket/add/${product.id}/1/2`);
  const basketLineId: number = basket.json().data.products[0].id;
  await as.d2.put(`/api/dealer/product-prices/${product.id}`, { mode: 'price', value: '777.00' });
  const group = await as.d2.post('/api/dealer/groups', {
    name: 'Dealer2 probe group',
    markup_percent: '4.00',
    user_ids: [who.farid.id],
  });
  const [ownCustomer] = await ctx.db
    .select({ id: adobeCustomers.id })
    .from(adobeCustomers)
    .where(eq(adobeCustomers.dealerId, who.d.id))
    .limit(1);
  const [event] = await ctx.db.select({ id: events.id }).from(events).limit(1);
  const [prize] = event
    ? await ctx.db.select().from(prizes).where(eq(prizes.eventId, event.id)).limit(1)
    : [];
  if (!ownCustomer || !event || !prize) throw new Error('seed lacks Adobe customers or events');
  // dealer2's API key: dealer must neither see nor revoke it
  const otherKey = await as.d2.post('/api/dealer/api-keys', {
    name: 'Dealer2 probe key',
    scopes: ['orders:read'],
    expires_in_days: 30,
  });
  if (otherKey.statusCode !== 200) throw new Error(`dealer2's key: ${otherKey.body}`);
  return {
    ctx,
    as,
    who,
    /** farid's (`d2`) and aigerim's (`kz`) orders that no check changes */
    d2,
    kz,
    /** A new set of the buyer's orders, for a check whose allowed call changes its set. */
    newOrderSet: (buyer: 'farid' | 'aigerim') => insertOrderSet(ctx, who[buyer], `-${++sets}`),
    ownOrderId: ownOrder.id as number,
    product,
    adobeProduct,
    basketLineId,
    groupId: group.json().data.id as number,
    otherCustomerId: await insertAdobeCustomer(ctx, who.d2.id),
    ownCustomerId: ownCustomer.id,
    eventId: event.id,
    prizeId: prize.id,
    otherApiKeyId: otherKey.json().data.id as number,
  };
};
export type ScopeWorld = Awaited<ReturnType<typeof loadScopeWorld>>;

/** 403 or 404: either way the caller learns nothing of the record. */
export const refused = (response: Response, label: string) =>
  expect([403, 404], `${label}: ${response.body.slice(0, 200)}`).toContain(response.statusCode);

export const ids = (response: Response, key = 'items') =>
  (response.json().data[key] as { id: number | null }[]).map((row) => row.id);

/** The order actions of one caller on another's order set; the set must not change. */
export const unchanged = async (
  world: ScopeWorld,
  set: OrderSet,
  attempts: () => Promise<void>,
) => {
  const before = await orderState(world.ctx, set);
  await attempts();
  expect(await orderState(world.ctx, set)).toEqual(before);
};

export const mailsTo = async (ctx: TestContext, to: string, containing = '') =>
  (await ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to))).filter((mail) =>
    mail.text.includes(containing),
  ).length;

/** Products (KZ and pending orders included) of the set's orders. */
export const productsOf = async (ctx: TestContext, set: OrderSet) =>
  (
    await ctx.db
      .selectDistinct({ id: orderItems.productId })
      .from(orderItems)
      .where(inArray(orderItems.orderId, [set.pendingId, set.paidId]))
  ).map((row) => row.id);

export const csv = async (response: Response) => {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  return response.body;
};

/** One check per scoped route of access-matrix.expected.ts. */
