/**
 * Issue 4 proof: several real server processes on one real PostgreSQL database.
 *
 * - Credit race: 300 end users of 20 dealers check out at the same instant, spread over the
 *   processes; each dealer's credit admits exactly 8 orders and never more.
 * - Keys never twice: every placed order gets exactly its keys, disjoint from every other
 *   order's, and the stock shrinks by exactly what was handed out.
 * - SIGKILL mid-delivery: a process is killed while it delivers; restarted, it finishes
 *   the rest and every paid item ends with exactly its quantity of keys.
 * - SIGKILL mid-checkout: a process is killed during a burst of checkouts; the buyers whose
 *   answer was lost send the same request again with the same Idempotency-Key, as a client
 *   does: each buyer ends with exactly one order, every paid item with its keys, no key twice.
 *
 * Runs only against a real PostgreSQL (TEST_DATABASE_URL); PGlite is one process by nature.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { realPostgresSuite, requireRealPostgresUrl } from '../../../test/real-postgres';
import {
  type Answer as ClusterAnswer,
  createProcessCluster,
  mapLimit,
  type ProcessCluster,
  type Server,
} from '../../../test/server-processes';
import { waitFor } from '../../../test/wait-for';

const suite = realPostgresSuite(
  'orders concurrency',
  'This suite starts several server processes on one real PostgreSQL (credit race, keys never handed out twice, SIGKILL mid-delivery) and cannot run on PGlite.',
);

const CREDIT_MESSAGE =
  'Impossible to place order. Order value is greater than remaining credit limit.';

// part a/b: 20 dealers × 15 users, each order 10 × 120.00 = 1,200.00 USD, limit 10,000.00
const DEALERS = 20;
const USERS_PER_DEALER = 15;
const QUANTITY = 10;
const ORDER_USD = 1200;
const LIMIT_USD = 10_000;
const FITTING = Math.floor(LIMIT_USD / ORDER_USD); // 8
const STOCK = 2000;
// part c: 100 users wait for a product without keys, then 1,500 keys arrive
const KILL_DEALERS = 5;
const KILL_USERS_PER_DEALER = 20;
const KILL_IMPORT = 1500;
// part d: 80 users check out at once while one process is killed
const BURST_DEALERS = 4;
const BURST_USERS_PER_DEALER = 20;

/** The parts of an answer's data this suite reads (order detail; error data otherwise). */
type Data = { id: number; items: { quantity: number; keys: { key: string }[] }[] } & Record<
  string,
  unknown
>;
type Answer = Pick<ClusterAnswer<Data>, 'status' | 'body'>;
type Shopper = { id: number; dealerId: number; token: string };

suite('[orders] several server processes on one real PostgreSQL', () => {
  let cluster: ProcessCluster;
  const servers: Server[] = [];
  let adminToken: string;
  let countryId: number;

  const call = (
    server: Server,
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<Answer> => cluster.call<Data>(server, method, url, token, body, headers);
  const query = <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    cluster.query<T>(text, values);
  const createProduct = (sku: string) => cluster.createProduct(sku);

  /** Dealers with a credit limit, each with end users allowed to buy on credit. */
  const createShoppers = async (tag: string, dealers: number, perDealer: number, limit: string) => {
    const shoppers: Shopper[] = [];
    for (let d = 0; d < dealers; d++) {
      const [dealer] = await query<{ id: number }>(
        `insert into users (email, name, type_id, credit_limit, country_id)
         values ($1, $2, 3, $3, $4) returning id`,
        [`${tag}-dealer-${d}@conc.test`, `${tag} dealer ${d}`, limit, countryId],
      );
      const rows = await query<{ id: number }>(
        `insert into users (email, name, type_id, country_id, dealer_id, need_azn_credit)
         select $1::text || g || '@conc.test', $2::text || g, 4, $3::int, $4::int, true
         from generate_series(1, $5::int) g returning id`,
        [`${tag}-user-${d}-`, `${tag} user ${d}/`, countryId, dealer!.id, perDealer],
      );
      for (const row of rows) {
        shoppers.push({ id: row.id, dealerId: dealer!.id, token: await cluster.tokenFor(row.id) });
      }
    }
    return shoppers;
  };

  const fillBaskets = async (shoppers: Shopper[], productId: number) => {
    const answers = await mapLimit(shoppers, 20, (s, i) =>
      call(
        servers[i % servers.length]!,
        'GET',
        `/api/basket/add/${productId}/${QUANTITY}/2`,
        s.token,
      ),
    );
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed, `basket adds that failed: ${JSON.stringify(failed.slice(0, 3))}`).toEqual([]);
  };

  /** Every shopper checks out on credit at the same instant, round-robin over the processes. */
  const checkoutAll = (shoppers: Shopper[], tag: string) =>
    Promise.all(
      shoppers.map((s, i) =>
        call(
          servers[i % servers.length]!,
          'POST',
          '/api/checkout',
          s.token,
          { sell_type: 2 },
          { 'idempotency-key': `${tag}-${s.id}-${randomBytes(4).toString('hex')}` },
        ),
      ),
    );

  /** Order and item counts of a product: how far delivery got. */
  const deliveryState = async (productId: number) => {
    const [row] = await query<{
      orders: number;
      completed: number;
      items: number;
      delivered_items: number;
      ordered: number;
      delivered: number;
      allocated: number;
      available: number;
    }>(
      `select
         (select count(distinct o.id)::int from orders o join order_items i on i.order_id = o.id where i.product_id = $1) as orders,
         (select count(distinct o.id)::int from orders o join order_items i on i.order_id = o.id where i.product_id = $1 and o.status = 'completed') as completed,
         (select count(*)::int from order_items where product_id = $1) as items,
         (select count(*)::int from order_items where product_id = $1 and status = 'delivered') as delivered_items,
         (select coalesce(sum(quantity), 0)::int from order_items where product_id = $1) as ordered,
         (select coalesce(sum(delivered), 0)::int from order_items where product_id = $1) as delivered,
         (select count(*)::int from licence_keys where product_id = $1 and status = 'allocated') as allocated,
         (select count(*)::int from licence_keys where product_id = $1 and status = 'available') as available`,
      [productId],
    );
    return row!;
  };

  /** Every item of the product holds exactly `quantity` keys of its own product. */
  const expectEveryItemExactlyDelivered = async (productId: number) => {
    const wrong = await query(
      `select i.id, i.quantity, i.delivered, i.status, count(k.id)::int as keys
       from order_items i left join licence_keys k on k.order_item_id = i.id
       where i.product_id = $1
       group by i.id
       having count(k.id) <> i.quantity or i.delivered <> i.quantity or i.status <> 'delivered'
         or bool_or(k.product_id <> i.product_id) or bool_or(k.status <> 'allocated')`,
      [productId],
    );
    expect(wrong, 'items without exactly their quantity of keys').toEqual([]);
  };

  beforeAll(async () => {
    cluster = await createProcessCluster(requireRealPostgresUrl(), { tag: 'conc' });
    adminToken = cluster.adminToken;
    countryId = cluster.countryId;
    // both at the same instant: neither may trip over the other's job-queue set-up
    servers.push(...(await cluster.startServers(2)));
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  let stockedId: number;
  let placedIds: number[] = [];

  it('lets each dealer’s credit admit exactly the orders that fit when 300 users check out at once', async () => {
    stockedId = await createProduct('CONC-STOCKED');
    // 2,000 keys in stock before anyone checks out
    await query(
      `insert into licence_keys (product_id, key)
       select $1, 'CONC-STOCKED-' || g || '-' || md5(random()::text) from generate_series(1, $2::int) g`,
      [stockedId, STOCK],
    );
    const shoppers = await createShoppers('race', DEALERS, USERS_PER_DEALER, `${LIMIT_USD}.00`);
    await fillBaskets(shoppers, stockedId);

    const answers = await checkoutAll(shoppers, 'race');

    const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 422);
    expect(unexpected, 'answers other than 200 and 422 (no 500s)').toEqual([]);
    for (const a of answers) expect(a.body?.code).toBe(a.status);
    const byDealer = new Map<number, Answer[]>();
    shoppers.forEach((s, i) => {
      byDealer.set(s.dealerId, [...(byDealer.get(s.dealerId) ?? []), answers[i]!]);
    });
    expect(byDealer.size).toBe(DEALERS);
    for (const [dealerId, list] of byDealer) {
      const placed = list.filter((a) => a.status === 200);
      const refused = list.filter((a) => a.status === 422);
      expect(placed.length, `dealer ${dealerId}: orders placed`).toBe(FITTING);
      expect(refused.length, `dealer ${dealerId}: orders refused`).toBe(USERS_PER_DEALER - FITTING);
      for (const a of placed) {
        expect(a.body?.data).toMatchObject({ sell_type: 2, total_usd: `${ORDER_USD}.00` });
      }
      for (const a of refused) {
        expect(a.body).toMatchObject({
          code: 422,
          message: CREDIT_MESSAGE,
          data: { error: 'CREDIT_LIMIT' },
        });
      }
    }
    placedIds = answers.filter((a) => a.status === 200).map((a) => a.body?.data.id ?? 0);
    expect(new Set(placedIds).size).toBe(DEALERS * FITTING);

    // the database agrees: no dealer's unpaid credit exceeds its limit
    const credit = await query<{ dealer_id: number; orders: number; total: string; limit: string }>(
      `select o.dealer_id, count(*)::int as orders, sum(o.total_usd)::text as total, u.credit_limit::text as limit
       from orders o join users u on u.id = o.dealer_id
       where o.sell_type = 2 and u.email like 'race-dealer-%'
       group by o.dealer_id, u.credit_limit`,
    );
    expect(credit).toHaveLength(DEALERS);
    for (const row of credit) {
      expect(Number(row.total), `dealer ${row.dealer_id} credit used`).toBeLessThanOrEqual(
        Number(row.limit),
      );
      expect(row.orders).toBe(FITTING);
    }
  }, 90_000);

  it('hands every placed order exactly its keys, never one key twice', async () => {
    expect(placedIds.length, 'the credit race placed orders').toBe(DEALERS * FITTING);
    const expected = placedIds.length * QUANTITY;
    await waitFor(
      async () => {
        const [row] = await query<{ completed: number }>(
          `select count(*)::int as completed from orders where id = any($1) and status = 'completed'`,
          [placedIds],
        );
        return row!.completed;
      },
      {
        until: (completed) => completed === placedIds.length,
        message: `all ${placedIds.length} placed orders completed`,
        timeoutMs: 60_000,
        intervalMs: 200,
      },
    );

    const state = await deliveryState(stockedId);
    expect(state).toMatchObject({
      orders: placedIds.length,
      completed: placedIds.length,
      ordered: expected,
      delivered: expected,
      allocated: expected,
      available: STOCK - expected,
    });
    await expectEveryItemExactlyDelivered(stockedId);

    // what the buyers see, read through both processes: keys of different items are disjoint
    const [owners] = await query<{ ids: number[]; buyers: number[] }>(
      'select array_agg(id order by id) as ids, array_agg(buyer_id order by id) as buyers from orders where id = any($1)',
      [placedIds],
    );
    const shown = await mapLimit(owners!.ids, 20, async (id, i) => {
      const token = await cluster.tokenFor(owners!.buyers[i]!);
      const answer = await call(servers[i % servers.length]!, 'GET', `/api/orders/${id}`, token);
      expect(answer.status).toBe(200);
      const items = answer.body?.data.items ?? [];
      expect(items).toHaveLength(1);
      expect(items[0]!.keys).toHaveLength(items[0]!.quantity);
      return items[0]!.keys.map((k) => k.key);
    });
    const allKeys = shown.flat();
    expect(allKeys).toHaveLength(expected);
    expect(new Set(allKeys).size, 'distinct keys across all orders').toBe(expected);
  }, 90_000);

  it('delivers every paid item exactly once after a process is killed mid-delivery', async () => {
    const productId = await createProduct('CONC-EMPTY');
    const shoppers = await createShoppers(
      'kill',
      KILL_DEALERS,
      KILL_USERS_PER_DEALER,
      '1000000.00',
    );
    await fillBaskets(shoppers, productId);
    const answers = await checkoutAll(shoppers, 'kill');
    const notPlaced = answers.filter((a) => a.status !== 200);
    expect(notPlaced, 'credit orders waiting for keys').toEqual([]);
    const ordered = shoppers.length * QUANTITY;
    const before = await deliveryState(productId);
    expect(before).toMatchObject({ orders: shoppers.length, delivered: 0, available: 0 });

    // 1,500 keys arrive through process A, which queues the waiting orders and starts delivering
    const a = servers[0]!;
    const keys = Array.from(
      { length: KILL_IMPORT },
      (_, i) => `CONC-EMPTY-${i}-${randomBytes(6).toString('hex')}`,
    );
    const form = new FormData();
    form.append('file', new Blob([`${keys.join('\n')}\n`], { type: 'text/csv' }), 'keys.csv');
    const importing = fetch(`${a.url}/api/keys/import/${productId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    }).then(
      async (response) => ({ status: response.status, body: await response.text() }),
      (error: Error) => ({ status: 0, body: error.message }),
    );

    // SIGKILL A as soon as the first item has its keys: deliveries are running
    const atKill = await waitFor(
      async () => {
        const [row] = await query<{ items: number; keys: number }>(
          `select count(*) filter (where status = 'delivered')::int as items,
                  coalesce(sum(delivered), 0)::int as keys
           from order_items where product_id = $1`,
          [productId],
        );
        if (row!.items > 0) {
          a.child.kill('SIGKILL');
          return row!;
        }
        return undefined;
      },
      { message: 'the first delivered item after the import', timeoutMs: 20_000, intervalMs: 2 },
    );
    await once(a.child, 'exit').catch(() => undefined);
    const imported = await importing;
    const afterKill = await deliveryState(productId);
    const [orphans] = await query<{ active: number }>(
      `select count(*)::int as active from pgboss.job where name = 'deliver-order' and state = 'active'`,
    );
    console.info(
      `[orders concurrency] SIGKILL at ${atKill.items}/${shoppers.length} items delivered; a moment later ${afterKill.delivered_items}; import answer ${imported.status}; ${orphans?.active ?? 0} delivery jobs left active`,
    );
    expect(atKill.items, 'some items were delivered when A died').toBeGreaterThan(0);
    expect(atKill.items, 'not every item was delivered when A died (mid-delivery)').toBeLessThan(
      shoppers.length,
    );
    // keys were never half-handed: what a killed transaction held is back in stock
    expect(afterKill.allocated).toBe(afterKill.delivered);

    // a new process A (on a port of its own): its start-up sweep queues what is left
    const restarted = await cluster.startServer('process A (restarted)');
    servers[0] = restarted;
    await waitFor(() => deliveryState(productId), {
      until: (state) => state.completed === shoppers.length,
      message: `all ${shoppers.length} orders completed after the restart`,
      timeoutMs: 45_000,
      intervalMs: 200,
    });
    const state = await deliveryState(productId);
    expect(state).toMatchObject({
      orders: shoppers.length,
      completed: shoppers.length,
      items: shoppers.length,
      delivered_items: shoppers.length,
      ordered,
      delivered: ordered,
      allocated: ordered,
      available: KILL_IMPORT - ordered,
    });
    await expectEveryItemExactlyDelivered(productId);
    const [waiting] = await query<{ n: number }>(
      `select count(*)::int as n from order_items where status = 'waiting' and product_id = any($1)`,
      [[stockedId, productId]],
    );
    expect(waiting?.n, 'items still waiting anywhere').toBe(0);
    // the stored keys are exactly the imported ones, each on one item at most
    const [dupes] = await query<{ n: number }>(
      `select count(*)::int as n from (
         select key from licence_keys where product_id = $1 group by key having count(*) > 1) d`,
      [productId],
    );
    expect(dupes?.n).toBe(0);
  }, 120_000);

  it('loses no order and hands out no key twice when a process is killed during a checkout burst', async () => {
    const productId = await createProduct('CONC-BURST');
    const shoppers = await createShoppers(
      'burst',
      BURST_DEALERS,
      BURST_USERS_PER_DEALER,
      '1000000.00',
    );
    const stock = shoppers.length * QUANTITY + 100;
    await query(
      `insert into licence_keys (product_id, key)
       select $1, 'CONC-BURST-' || g || '-' || md5(random()::text) from generate_series(1, $2::int) g`,
      [productId, stock],
    );
    await fillBaskets(shoppers, productId);
    const b = servers[1]!;
    // one key per buyer, kept for the retry, as a client keeps it until it has an answer
    const keyOf = new Map(
      shoppers.map((s) => [s.id, `burst-${s.id}-${randomBytes(4).toString('hex')}`]),
    );
    const checkout = (server: Server, shopper: Shopper) =>
      call(
        server,
        'POST',
        '/api/checkout',
        shopper.token,
        { sell_type: 2 },
        {
          'idempotency-key': keyOf.get(shopper.id)!,
        },
      ).catch((error: Error): Answer => ({ status: 0, body: { message: error.message } as never }));

    const burst = Promise.all(shoppers.map((s, i) => checkout(servers[i % servers.length]!, s)));
    // SIGKILL B as soon as the first order taken by B is committed: B is mid-burst, with
    // orders committed whose answers may not have left yet
    const viaB = shoppers.filter((_, i) => i % servers.length === 1).map((s) => s.id);
    await waitFor(
      async () => {
        const [row] = await query<{ n: number }>(
          'select count(*)::int as n from orders where buyer_id = any($1)',
          [viaB],
        );
        if (row!.n > 0) {
          b.child.kill('SIGKILL');
          return row!;
        }
        return undefined;
      },
      { message: 'the first order placed through B', timeoutMs: 20_000, intervalMs: 2 },
    );
    await once(b.child, 'exit').catch(() => undefined);
    const first = await burst;
    const lost = shoppers.filter((_, i) => first[i]!.status !== 200);
    const odd = first.filter((a) => a.status !== 200 && a.status !== 0 && a.status !== 503);
    expect(odd, 'answers other than 200, a lost connection or 503 while closing').toEqual([]);
    // a lost answer may belong to an order B committed just before it died: the retry must
    // then give that order back (the stored answer), not place a second one
    const [committed] = await query<{ n: number }>(
      'select count(*)::int as n from orders where buyer_id = any($1)',
      [lost.map((s) => s.id)],
    );
    console.info(
      `[orders concurrency] SIGKILL mid-checkout: ${shoppers.length - lost.length} answered 200, ${lost.length} lost, of which ${committed?.n ?? 0} were committed before the kill`,
    );
    expect(lost.length, 'some answers were lost with the killed process').toBeGreaterThan(0);

    // B comes back; the buyers without an answer send the same request again
    const restarted = await cluster.startServer('process B (restarted)');
    servers[1] = restarted;
    const retried = await mapLimit(lost, 20, (s, i) => checkout(servers[i % servers.length]!, s));
    for (const answer of retried) expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    // each buyer has exactly one order, and it is the one its answer names
    const orders = await query<{ buyer_id: number; n: number; ids: number[] }>(
      `select o.buyer_id, count(distinct o.id)::int as n, array_agg(distinct o.id) as ids
       from orders o join order_items i on i.order_id = o.id
       where i.product_id = $1 group by o.buyer_id`,
      [productId],
    );
    expect(orders).toHaveLength(shoppers.length);
    for (const row of orders) expect(row.n, `orders of buyer ${row.buyer_id}`).toBe(1);
    const answered = new Map<number, number>();
    shoppers.forEach((s, i) => {
      const answer = first[i]!.status === 200 ? first[i]! : retried[lost.indexOf(s)]!;
      answered.set(s.id, answer.body?.data.id ?? 0);
    });
    for (const row of orders) expect(row.ids).toEqual([answered.get(row.buyer_id)]);

    // every paid item gets its keys, none twice; credit used is exactly the orders' sum
    await waitFor(() => deliveryState(productId), {
      until: (state) => state.completed === shoppers.length,
      message: `all ${shoppers.length} burst orders completed`,
      timeoutMs: 45_000,
      intervalMs: 200,
    });
    const ordered = shoppers.length * QUANTITY;
    expect(await deliveryState(productId)).toMatchObject({
      orders: shoppers.length,
      completed: shoppers.length,
      delivered: ordered,
      allocated: ordered,
      available: stock - ordered,
    });
    await expectEveryItemExactlyDelivered(productId);
    const [totals] = await query<{ orders: number; total: string }>(
      `select count(*)::int as orders, sum(o.total_usd)::text as total
       from orders o join users u on u.id = o.dealer_id
       where o.sell_type = 2 and u.email like 'burst-dealer-%'`,
    );
    expect(totals).toEqual({ orders: shoppers.length, total: `${shoppers.length * ORDER_USD}.00` });
  }, 120_000);
});
