import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { countries, orders } from '../../src/db/schema';
import { orderState } from './scope-fixtures';
import {
  type Caller,
  csv,
  ids,
  mailsTo,
  refused,
  type ScopeChecks,
  type ScopeWorld,
  unchanged,
} from './scope-world';

/** The countries (codes) of some orders. */
const countriesOf = async (world: ScopeWorld, ids: number[]) =>
  ids.length === 0
    ? []
    : (
        await world.ctx.db
          .selectDistinct({ code: countries.code })
          .from(orders)
          .innerJoin(countries, eq(countries.id, orders.countryId))
          .where(inArray(orders.id, ids))
      ).map((row) => row.code);

/**
 * Orders and their items, keys and returns, basket lines and Adobe customers of others. */
export const orderScopeChecks = (get: () => ScopeWorld): ScopeChecks => ({
  // ---- orders: ld with KZ orders, dealer and user with dealer2's (farid's) orders
  'GET /api/orders': async () => {
    const { as, d2, kz, who } = get();
    expect(ids(await as.ld.get(`/api/orders?id=${kz.paidId}`))).toEqual([]);
    expect(ids(await as.ld2.get(`/api/orders?id=${kz.paidId}`))).toEqual([kz.paidId]);
    for (const name of ['d', 'u'] as const)
      expect(ids(await as[name].get(`/api/orders?id=${d2.paidId}`))).toEqual([]);
    const own = (await as.u.get('/api/orders?perPage=100')).json().data.items;
    expect(own.every((o: { buyer: { id: number } }) => o.buyer.id === who.u.id)).toBe(true);
    const dealers = (await as.d.get('/api/orders?perPage=100')).json().data.items;
    expect(dealers.length).toBeGreaterThan(0);
    expect(dealers.every((o: { dealer: { id: number } }) => o.dealer.id === who.d.id)).toBe(true);
  },
  'GET /api/orders/export': async () => {
    const { as, d2, kz } = get();
    const lines = async (c: Caller, id: number) =>
      (await csv(await c.get(`/api/orders/export?format=csv&id=${id}`))).trim().split('\r\n');
    expect(await lines(as.ld, kz.paidId)).toHaveLength(1); // the header only
    expect((await lines(as.ld2, kz.paidId)).length).toBeGreaterThan(1);
    expect(await lines(as.d, d2.paidId)).toHaveLength(1);
    expect(await lines(as.u, d2.paidId)).toHaveLength(1);
    expect((await lines(as.farid, d2.paidId)).length).toBeGreaterThan(1);
  },
  'GET /api/orders/{id}': async () => {
    const { as, d2, kz, ownOrderId } = get();
    refused(await as.ld.get(`/api/orders/${kz.paidId}`), 'ld KZ order');
    refused(await as.d.get(`/api/orders/${d2.paidId}`), 'dealer, dealer2 order');
    refused(await as.u.get(`/api/orders/${d2.paidId}`), 'user, dealer2 order');
    // the user's own dealer bought this one itself: not the user's order
    refused(await as.u.get(`/api/orders/${ownOrderId}`), 'user, its dealer order');
    expect((await as.ld2.get(`/api/orders/${kz.paidId}`)).statusCode).toBe(200);
    expect((await as.d2.get(`/api/orders/${d2.paidId}`)).statusCode).toBe(200);
  },
  'GET /api/orders/{id}/keys': async () => {
    const { as, d2, kz, ownOrderId } = get();
    refused(await as.ld.get(`/api/orders/${kz.paidId}/keys`), 'ld KZ keys file');
    for (const name of ['d', 'u'] as const)
      refused(await as[name].get(`/api/orders/${d2.paidId}/keys?format=txt`), `${name} keys file`);
    refused(await as.u.get(`/api/orders/${ownOrderId}/keys`), 'user, its dealer order keys file');
    // positive controls: the buyer and the admin of its country get the file
    for (const c of [as.farid, as.ld]) {
      const response = await c.get(`/api/orders/${d2.paidId}/keys`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
    }
  },
  'GET /api/orders/{id}/invoice': async () => {
    const { as, d2, kz, ownOrderId } = get();
    // the order's own scope: whoever gets 404 on the order gets 404 on its invoice
    refused(await as.ld.get(`/api/orders/${kz.paidId}/invoice`), 'ld KZ invoice');
    refused(await as.d.get(`/api/orders/${d2.paidId}/invoice`), 'dealer, dealer2 invoice');
    refused(await as.u.get(`/api/orders/${d2.paidId}/invoice`), 'user, dealer2 invoice');
    refused(await as.u.get(`/api/orders/${ownOrderId}/invoice`), 'user, its dealer invoice');
    const own = await as.d2.get(`/api/orders/${d2.paidId}/invoice`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((await as.ld2.get(`/api/orders/${kz.paidId}/invoice`)).statusCode).toBe(200);
  },
  'GET /api/orders/{id}/documents': async () => {
    const { as, d2, kz, ownOrderId } = get();
    // the order's own scope: whoever gets 404 on the order gets 404 on its documents
    refused(await as.ld.get(`/api/orders/${kz.paidId}/documents`), 'ld KZ documents');
    refused(await as.d.get(`/api/orders/${d2.paidId}/documents`), 'dealer, dealer2 documents');
    refused(await as.u.get(`/api/orders/${d2.paidId}/documents`), 'user, dealer2 documents');
    refused(await as.u.get(`/api/orders/${ownOrderId}/documents`), 'user, its dealer documents');
    const own = await as.d2.get(`/api/orders/${d2.paidId}/documents`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.map((d: { kind: string }) => d.kind)).toContain('invoice');
  },
  'GET /api/orders/{id}/documents/{number}': async () => {
    const { as, d2, kz } = get();
    const numberOf = async (c: Caller, id: number) =>
      ((await c.get(`/api/orders/${id}/documents`)).json().data as { number: string }[])[0]!.number;
    const d2Number = await numberOf(as.d2, d2.paidId);
    const kzNumber = await numberOf(as.ld2, kz.paidId);
    refused(await as.ld.get(`/api/orders/${kz.paidId}/documents/${kzNumber}`), 'ld KZ document');
    for (const name of ['d', 'u'] as const)
      refused(
        await as[name].get(`/api/orders/${d2.paidId}/documents/${d2Number}`),
        `${name}, dealer2 document`,
      );
    const own = await as.d2.get(`/api/orders/${d2.paidId}/documents/${d2Number}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
  },
  'GET /api/orders/late-deliveries': async () => {
    const { as, kz, d2 } = get();
    const late = async (c: Caller) =>
      ((await c.get('/api/orders/late-deliveries')).json().data as { order_id: number }[]).map(
        (row) => row.order_id,
      );
    // the sets' vendor items wait since an hour: late (other checks' sets may be late too)
    const ld = await late(as.ld);
    expect(ld).not.toContain(kz.paidId);
    expect(ld).toContain(d2.paidId);
    expect((await countriesOf(get(), ld)).every((code) => ['AZ', 'GE'].includes(code))).toBe(true);
    const ld2 = await late(as.ld2);
    expect(ld2).toContain(kz.paidId);
    expect(ld2).not.toContain(d2.paidId);
    expect((await countriesOf(get(), ld2)).every((code) => ['KZ', 'UZ'].includes(code))).toBe(true);
  },
  'POST /api/orders/{id}/cancel': async () => {
    const { as, d2, kz } = get();
    await unchanged(get(), kz, async () =>
      refused(await as.ld.post(`/api/orders/${kz.pendingId}/cancel`, {}), 'ld cancel KZ'),
    );
    await unchanged(get(), d2, async () => {
      refused(await as.d.post(`/api/orders/${d2.pendingId}/cancel`, {}), 'dealer cancel');
      refused(await as.u.post(`/api/orders/${d2.pendingId}/cancel`, {}), 'user cancel');
    });
  },
  'POST /api/orders/{id}/send-keys': async () => {
    const { as, d2, kz, ctx } = get();
    const body = { email: 'scope-thief@example.com' };
    refused(await as.ld.post(`/api/orders/${kz.paidId}/send-keys`, body), 'ld KZ keys');
    for (const name of ['d', 'u'] as const)
      refused(await as[name].post(`/api/orders/${d2.paidId}/send-keys`, body), `${name} keys`);
    expect(await mailsTo(ctx, body.email)).toBe(0);
  },
  'POST /api/orders/{id}/confirm-payment': async () => {
    const { as, ctx, newOrderSet } = get();
    const kz = await newOrderSet('aigerim');
    await unchanged(get(), kz, async () => {
      const url = `/api/orders/${kz.pendingId}/confirm-payment`;
      refused(await as.ld.post(url, {}), 'ld confirm KZ');
    });
    // positive control: the admin of KZ may
    const url = `/api/orders/${kz.pendingId}/confirm-payment`;
    expect((await as.ld2.post(url, {})).statusCode).toBe(200);
    // the paid order's keys are delivered by a job a moment later: let it finish, or the next
    // check would see that delivery change the KZ orders while it tries its refused calls
    const status = async () =>
      ((await orderState(ctx, kz)) as { id: number; status: string }[]).find(
        (order) => order.id === kz.pendingId,
      )?.status;
    await expect.poll(status, { timeout: 20_000 }).toBe('completed');
  },
  'POST /api/orders/{id}/settle-credit': async () => {
    const { as, newOrderSet } = get();
    const kz = await newOrderSet('aigerim');
    const url = `/api/orders/${kz.paidId}/settle-credit`;
    await unchanged(get(), kz, async () => refused(await as.ld.post(url, {}), 'ld settle KZ'));
    expect((await as.ld2.post(url, {})).statusCode).toBe(200);
  },
  'POST /api/orders/{id}/items/{itemId}/deliver': async () => {
    const { as, d2, newOrderSet } = get();
    const kz = await newOrderSet('aigerim');
    const body = { keys: ['SCOPE-PROBE-KEY-1'] };
    await unchanged(get(), kz, async () => {
      const url = `/api/orders/${kz.paidId}/items/${kz.vendorItemId}/deliver`;
      refused(await as.ld.post(url, body), 'ld deliver KZ');
      // its own country's order with the KZ item: the item is not part of that order
      const mixed = `/api/orders/${d2.paidId}/items/${kz.vendorItemId}/deliver`;
      refused(await as.ld.post(mixed, body), 'ld deliver KZ item via AZ order');
    });
    const url = `/api/orders/${kz.paidId}/items/${kz.vendorItemId}/deliver`;
    expect((await as.ld2.post(url, body)).statusCode).toBe(200);
  },
  'POST /api/orders/{id}/items/{itemId}/withdraw': async () => {
    const { as, kz, d2 } = get();
    await unchanged(get(), kz, async () => {
      const url = `/api/orders/${kz.paidId}/items/${kz.vendorItemId}/withdraw`;
      refused(await as.ld.post(url, {}), 'ld withdraw KZ item');
      const mixed = `/api/orders/${d2.paidId}/items/${kz.vendorItemId}/withdraw`;
      refused(await as.ld.post(mixed, {}), 'ld withdraw KZ item via AZ order');
    });
    // its own country's admin sees the order: refused by the rule (no refused Adobe item), not by scope
    const url = `/api/orders/${kz.paidId}/items/${kz.vendorItemId}/withdraw`;
    expect((await as.ld2.post(url, {})).json()).toMatchObject({
      code: 409,
      data: { error: 'INVALID_STATE' },
    });
  },
  'POST /api/orders/{id}/returns/{returnId}/decide': async () => {
    const { as, d2, newOrderSet } = get();
    const kz = await newOrderSet('aigerim');
    const body = { approve: true };
    await unchanged(get(), kz, async () => {
      refused(
        await as.ld.post(`/api/orders/${kz.paidId}/returns/${kz.returnId}/decide`, body),
        'ld',
      );
      const mixed = `/api/orders/${d2.paidId}/returns/${kz.returnId}/decide`;
      refused(await as.ld.post(mixed, body), 'ld decide KZ return via AZ order');
    });
    const url = `/api/orders/${kz.paidId}/returns/${kz.returnId}/decide`;
    expect((await as.ld2.post(url, { approve: false })).statusCode).toBe(200);
  },
  'POST /api/orders/{id}/keys/{keyId}/activate': async () => {
    const { as, ownOrderId, newOrderSet } = get();
    const d2 = await newOrderSet('farid');
    const body = { end_customer: 'Scope Probe' };
    await unchanged(get(), d2, async () => {
      for (const name of ['d', 'u'] as const) {
        const url = `/api/orders/${d2.paidId}/keys/${d2.keyId}/activate`;
        refused(await as[name].post(url, body), `${name} activate`);
      }
      const mixed = `/api/orders/${ownOrderId}/keys/${d2.keyId}/activate`;
      refused(await as.d.post(mixed, body), 'dealer activate via own order');
    });
    const url = `/api/orders/${d2.paidId}/keys/${d2.keyId}/activate`;
    expect((await as.farid.post(url, body)).statusCode).toBe(200);
  },
  'POST /api/orders/{id}/items/{itemId}/return': async () => {
    const { as, ownOrderId, newOrderSet } = get();
    const d2 = await newOrderSet('farid');
    const body = { reason: 'scope probe' };
    await unchanged(get(), d2, async () => {
      for (const name of ['d', 'u'] as const) {
        const url = `/api/orders/${d2.paidId}/items/${d2.returnableItemId}/return`;
        refused(await as[name].post(url, body), `${name} return`);
      }
      const mixed = `/api/orders/${ownOrderId}/items/${d2.returnableItemId}/return`;
      refused(await as.d.post(mixed, body), 'dealer return via own order');
    });
    const url = `/api/orders/${d2.paidId}/items/${d2.returnableItemId}/return`;
    expect((await as.d2.post(url, body)).statusCode).toBe(200);
  },
  'POST /api/orders/{id}/reorder': async () => {
    const { as, d2, ownOrderId } = get();
    const basketOf = async (c: Caller) => (await c.get('/api/basket')).json().data;
    const before = { d: await basketOf(as.d), u: await basketOf(as.u) };
    for (const name of ['d', 'u'] as const)
      refused(await as[name].post(`/api/orders/${d2.paidId}/reorder`, {}), `${name} reorder`);
    // the user's own dealer bought this one itself: not the user's to order again
    refused(await as.u.post(`/api/orders/${ownOrderId}/reorder`, {}), 'user, its dealer order');
    expect(await basketOf(as.d)).toEqual(before.d);
    expect(await basketOf(as.u)).toEqual(before.u);
  },

  // ---- basket and checkout: dealer2's basket line
  'GET /api/basket': async () => {
    const { as, basketLineId } = get();
    for (const name of ['d', 'u'] as const)
      expect(ids(await as[name].get('/api/basket'), 'products')).not.toContain(basketLineId);
    expect(ids(await as.d2.get('/api/basket'), 'products')).toContain(basketLineId);
  },
  'GET /api/basket/remove/{itemId}': async () => {
    const { as, basketLineId } = get();
    for (const name of ['d', 'u'] as const)
      refused(await as[name].get(`/api/basket/remove/${basketLineId}`), `${name} remove`);
    expect(ids(await as.d2.get('/api/basket'), 'products')).toContain(basketLineId);
  },
  'GET /api/basket/remove/{itemId}/{count}': async () => {
    const { as, basketLineId } = get();
    for (const name of ['d', 'u'] as const)
      refused(await as[name].get(`/api/basket/remove/${basketLineId}/1`), `${name} remove`);
    expect(ids(await as.d2.get('/api/basket'), 'products')).toContain(basketLineId);
  },
  'GET /api/checkout': async () => {
    const { as, basketLineId } = get();
    const lines = async (c: Caller) =>
      ((await c.get('/api/checkout')).json().data?.lines ?? []).map(
        (l: { basket_item_id: number }) => l.basket_item_id,
      );
    for (const name of ['d', 'u'] as const)
      expect(await lines(as[name])).not.toContain(basketLineId);
    expect(await lines(as.d2)).toContain(basketLineId);
  },
  'GET /api/credit': async () => {
    const { as, d2, who } = get();
    const credit = async (c: Caller) => (await c.get('/api/credit')).json().data;
    const orderIds = (data: {
      open_orders: { id: number }[];
      movements: { order_id: number }[];
    }) => [...data.open_orders.map((o) => o.id), ...data.movements.map((m) => m.order_id)];
    // the dealer and its user see the dealer's credit, never dealer2's orders
    for (const name of ['d', 'u'] as const) {
      const data = await credit(as[name]);
      expect(data.dealer.id).toBe(who.d.id);
      expect(orderIds(data)).not.toContain(d2.paidId);
    }
    // an end user lists only its own orders
    const own = await credit(as.u);
    expect(own.open_orders.every((o: { buyer: { id: number } }) => o.buyer.id === who.u.id)).toBe(
      true,
    );
    expect(orderIds(await credit(as.d2))).toContain(d2.paidId);
  },

  // ---- Adobe: dealer2's customer
  'GET /api/getAdobeCustomerList': async () => {
    const { as, otherCustomerId, ownCustomerId } = get();
    const list = (await as.d.get('/api/getAdobeCustomerList')).json().data as { id: number }[];
    expect(list.map((c) => c.id)).toContain(ownCustomerId);
    expect(list.map((c) => c.id)).not.toContain(otherCustomerId);
  },
  'GET /api/adobe/customers': async () => {
    const { as, otherCustomerId, ownCustomerId } = get();
    const list = (await as.d.get('/api/adobe/customers')).json().data as { id: number }[];
    expect(list.map((c) => c.id)).toContain(ownCustomerId);
    expect(list.map((c) => c.id)).not.toContain(otherCustomerId);
  },
  'GET /api/adobe/customers/{id}/subscriptions': async () => {
    const { as, otherCustomerId, ownCustomerId } = get();
    const other = await as.d.get(`/api/adobe/customers/${otherCustomerId}/subscriptions`);
    expect(other.statusCode, other.body.slice(0, 200)).toBe(404);
    expect(other.json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
    const own = await as.d.get(`/api/adobe/customers/${ownCustomerId}/subscriptions`);
    expect(own.statusCode, own.body.slice(0, 200)).toBe(200);
  },
  'POST /api/getAdobeProductPriceByCustomer': async () => {
    const { as, adobeProduct, otherCustomerId, ownCustomerId } = get();
    const body = (customer: number) => ({
      product_id: adobeProduct.id,
      customer_id: customer,
      quantity: 1,
      treeYearCommitment: 0,
    });
    const url = '/api/getAdobeProductPriceByCustomer';
    refused(await as.d.post(url, body(otherCustomerId)), 'dealer prices for dealer2 customer');
    expect((await as.d.post(url, body(ownCustomerId))).statusCode).toBe(200);
  },
  'POST /api/basket/add/adobe': async () => {
    const { as, adobeProduct, otherCustomerId } = get();
    const body = {
      product_id: adobeProduct.id,
      customer_id: otherCustomerId,
      quantity: 1,
      treeYearCommitment: 0,
    };
    refused(await as.d.post('/api/basket/add/adobe', body), 'dealer adds for dealer2 customer');
  },
});
