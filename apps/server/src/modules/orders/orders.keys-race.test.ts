/**
 * Issue 8 proof, keys and idempotency, on two real server processes and one real PostgreSQL:
 *
 * - Last keys: 20 rounds of 10 keys imported for a product with no other stock and 50 buyers
 *   (dealers and end users, on credit) checking out one unit each at the same instant, spread
 *   over both processes: exactly 10 orders get a key, no key goes out twice, the stock ends
 *   at 0 and the other 40 orders wait for keys (paid, in progress, nothing delivered).
 * - The pool's unique index on the key refuses a second copy of a delivered key.
 * - Idempotency (the Stripe model): one Idempotency-Key sent 10 times at once, over both
 *   processes, places one order and gets 10 identical answers; the key with another body
 *   gets 422.
 *
 * Runs only against a real PostgreSQL (TEST_DATABASE_URL); PGlite is one process by nature.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { realPostgresSuite, requireRealPostgresUrl } from '../../../test/real-postgres';
import {
  createProcessCluster,
  type ProcessCluster,
  type Server,
} from '../../../test/server-processes';
import { waitFor } from '../../../test/wait-for';
import { pgErrorCode, violatedConstraint } from '../../lib/pg-errors';

const suite = realPostgresSuite(
  'orders keys race',
  'This suite starts two server processes on one real PostgreSQL (50 checkouts for the last 10 keys, 20 rounds; one Idempotency-Key sent 10 times at once) and cannot run on PGlite.',
);

const ROUNDS = 20;
const KEYS_PER_ROUND = 10;
const DEALERS = 10;
const USERS_PER_DEALER = 4;
const BUYERS = DEALERS * (1 + USERS_PER_DEALER); // 50

type Buyer = { id: number; token: string };
type OrderData = { id: number; status: string; items: { keys: unknown[] }[] };

suite('[orders] the last keys and one Idempotency-Key, on two processes', () => {
  let cluster: ProcessCluster;
  let servers: Server[];
  const buyers: Buyer[] = [];
  /** every key handed out in any round: key → order item */
  const handedOut = new Map<string, number>();

  beforeAll(async () => {
    cluster = await createProcessCluster(requireRealPostgresUrl(), { tag: 'keysrace' });
    const started = cluster.startServers(2);
    // buyers: 10 dealers with a large credit limit, each with 4 end users buying on its credit
    for (let d = 0; d < DEALERS; d++) {
      const [dealer] = await cluster.query<{ id: number }>(
        `insert into users (email, name, type_id, credit_limit, country_id)
         values ($1, $2, 3, '1000000.00', $3) returning id`,
        [`race-dealer-${d}@keys.test`, `race dealer ${d}`, cluster.countryId],
      );
      const users = await cluster.query<{ id: number }>(
        `insert into users (email, name, type_id, country_id, dealer_id, need_azn_credit)
         select $1::text || g || '@keys.test', $2::text || g, 4, $3::int, $4::int, true
         from generate_series(1, $5::int) g returning id`,
        [`race-user-${d}-`, `race user ${d}/`, cluster.countryId, dealer!.id, USERS_PER_DEALER],
      );
      for (const row of [dealer!, ...users])
        buyers.push({ id: row.id, token: await cluster.tokenFor(row.id) });
    }
    servers = await started;
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  /** One unit of the product in the basket of each buyer (the basket is not under test here). */
  const fillBaskets = (productId: number, who: Buyer[]) =>
    cluster.query(
      `insert into basket_items (user_id, product_id, quantity, sell_type)
       select unnest($1::int[]), $2, 1, 2`,
      [who.map((b) => b.id), productId],
    );

  /**
   * Waits until `count` of these orders are completed: the deliveries their payments started
   * (no job is queued for one that succeeds) have run; an order the stock cannot serve is left
   * waiting and its delivery writes nothing, so what is checked next is the final state.
   */
  const waitForCompleted = (orderIds: number[], count = orderIds.length) =>
    waitFor(
      async () => {
        const [row] = await cluster.query<{ completed: number }>(
          `select count(*)::int as completed from orders where id = any($1) and status = 'completed'`,
          [orderIds],
        );
        return row!.completed;
      },
      {
        until: (completed) => completed >= count,
        message: `${count} of ${orderIds.length} orders completed`,
        timeoutMs: 30_000,
        intervalMs: 200,
      },
    );

  it(`hands the last ${KEYS_PER_ROUND} keys to exactly ${KEYS_PER_ROUND} of ${BUYERS} buyers checking out at once, ${ROUNDS} rounds`, async () => {
    expect(buyers).toHaveLength(BUYERS);
    const timings: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const started = Date.now();
      const productId = await cluster.createProduct(`RACE-${round}`);
      const keys = Array.from(
        { length: KEYS_PER_ROUND },
        (_, i) => `RACE-${round}-${i}-${randomBytes(6).toString('hex')}`,
      );
      const imported = await cluster.importKeys(servers[round % 2]!, productId, keys);
      expect(imported.status, imported.text).toBe(200);
      await fillBaskets(productId, buyers);

      const answers = await Promise.all(
        buyers.map((b, i) =>
          cluster.call<OrderData>(
            servers[i % servers.length]!,
            'POST',
            '/api/checkout',
            b.token,
            { sell_type: 2 },
            { 'idempotency-key': `race-${round}-${b.id}` },
          ),
        ),
      );
      const refused = answers.filter((a) => a.status !== 200);
      expect(refused, `round ${round}: checkouts not placed`).toEqual([]);
      const orderIds = answers.map((a) => a.body!.data.id);
      expect(new Set(orderIds).size).toBe(BUYERS);
      await waitForCompleted(orderIds, KEYS_PER_ROUND);

      const [state] = await cluster.query<{
        keys: number;
        allocated: number;
        available: number;
        key_items: number;
        foreign: number;
        items: number;
        delivered_items: number;
        waiting_items: number;
        completed: number;
        in_progress: number;
      }>(
        `select
           (select count(*)::int from licence_keys where product_id = $1) as keys,
           (select count(*)::int from licence_keys where product_id = $1 and status = 'allocated') as allocated,
           (select count(*)::int from licence_keys where product_id = $1 and status = 'available') as available,
           (select count(distinct order_item_id)::int from licence_keys where product_id = $1) as key_items,
           (select count(*)::int from licence_keys k join order_items i on i.id = k.order_item_id
             where k.product_id = $1 and not (i.order_id = any($2) and i.product_id = $1)) as foreign,
           (select count(*)::int from order_items where order_id = any($2)) as items,
           (select count(*)::int from order_items where order_id = any($2)
             and status = 'delivered' and delivered = 1) as delivered_items,
           (select count(*)::int from order_items where order_id = any($2)
             and status = 'waiting' and delivered = 0) as waiting_items,
           (select count(*)::int from orders where id = any($2) and status = 'completed') as completed,
           (select count(*)::int from orders where id = any($2) and status = 'in_progress') as in_progress`,
        [productId, orderIds],
      );
      expect(state, `round ${round}`).toEqual({
        keys: KEYS_PER_ROUND,
        allocated: KEYS_PER_ROUND,
        available: 0,
        key_items: KEYS_PER_ROUND,
        foreign: 0,
        items: BUYERS,
        delivered_items: KEYS_PER_ROUND,
        waiting_items: BUYERS - KEYS_PER_ROUND,
        completed: KEYS_PER_ROUND,
        in_progress: BUYERS - KEYS_PER_ROUND,
      });
      const given = await cluster.query<{ key: string; order_item_id: number }>(
        'select key, order_item_id from licence_keys where product_id = $1',
        [productId],
      );
      expect(given.map((k) => k.key).sort()).toEqual([...keys].sort());
      for (const k of given) {
        expect(handedOut.has(k.key), `key ${k.key} handed out twice`).toBe(false);
        handedOut.set(k.key, k.order_item_id);
      }
      timings.push(Date.now() - started);
    }
    expect(handedOut.size).toBe(ROUNDS * KEYS_PER_ROUND);
    expect(new Set(handedOut.values()).size, 'order items holding a key').toBe(
      ROUNDS * KEYS_PER_ROUND,
    );
    // the waiting orders of all rounds still wait: no key came from anywhere else
    const [waiting] = await cluster.query<{ n: number; delivered: number }>(
      `select count(*)::int as n, coalesce(sum(i.delivered), 0)::int as delivered
       from order_items i join orders o on o.id = i.order_id
       where i.sku like 'RACE-%' and i.status = 'waiting' and o.status = 'in_progress'`,
    );
    expect(waiting).toEqual({ n: ROUNDS * (BUYERS - KEYS_PER_ROUND), delivered: 0 });
    console.info(
      `[orders keys race] ${ROUNDS} rounds of ${BUYERS} checkouts for ${KEYS_PER_ROUND} keys: ${timings.reduce((a, b) => a + b, 0)} ms in all, slowest round ${Math.max(...timings)} ms`,
    );
  }, 240_000);

  it('refuses a second copy of a delivered key by the unique index of the pool (invariant 8)', async () => {
    const [index] = await cluster.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where indexname = 'licence_keys_key_unique'`,
    );
    expect(index?.indexdef).toMatch(
      /CREATE UNIQUE INDEX .*lower\(.*key.*\).*WHERE \(duplicate_of IS NULL\)/,
    );
    // its own delivery, so that the test stands alone: one key, two buyers, the second waits
    const productId = await cluster.createProduct(`DUP-${randomBytes(4).toString('hex')}`);
    const key = `DUP-${randomBytes(8).toString('hex')}`;
    const imported = await cluster.importKeys(servers[0]!, productId, [key]);
    expect(imported.status, imported.text).toBe(200);
    const [first, second] = buyers;
    const orderIds: number[] = [];
    for (const buyer of [first!, second!]) {
      await fillBaskets(productId, [buyer]);
      const placed = await cluster.call<OrderData>(
        servers[1]!,
        'POST',
        '/api/checkout',
        buyer.token,
        { sell_type: 2 },
        { 'idempotency-key': `dup-${productId}-${buyer.id}` },
      );
      expect(placed.status).toBe(200);
      orderIds.push(placed.body!.data.id);
      // the first buyer's order takes the one key before the second buys; the second's finds none
      if (orderIds.length === 1) await waitForCompleted(orderIds);
    }
    const [delivered] = await cluster.query<{ order_id: number }>(
      `select i.order_id from licence_keys k join order_items i on i.id = k.order_item_id
       where k.product_id = $1 and k.key = $2 and k.status = 'allocated'`,
      [productId, key],
    );
    expect(delivered?.order_id).toBe(orderIds[0]);
    const [waitingItem] = await cluster.query<{ id: number }>(
      `select id from order_items where order_id = $1 and status = 'waiting'`,
      [orderIds[1]],
    );
    const error = await cluster
      .query(
        `insert into licence_keys (product_id, key, status, order_item_id, allocated_at)
         values ($1, $2, 'allocated', $3, now())`,
        [productId, key, waitingItem!.id],
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgErrorCode(error)).toBe('23505');
    expect(violatedConstraint(error)).toBe('licence_keys_key_unique');
    const [copies] = await cluster.query<{ n: number }>(
      'select count(*)::int as n from licence_keys where product_id = $1 and key = $2',
      [productId, key],
    );
    expect(copies?.n).toBe(1);
  });

  /** A new dealer with credit and 2 units of a stocked product in its basket. */
  /** A dealer with a line of 2 for each sell type given (a checkout takes its own type's). */
  const dealerWithBasket = async (tag: string, sellTypes: (1 | 2)[] = [2]) => {
    const productId = await cluster.createProduct(`IDEM-${tag}`);
    const imported = await cluster.importKeys(
      servers[0]!,
      productId,
      Array.from({ length: 5 }, (_, i) => `IDEM-${tag}-${i}-${randomBytes(6).toString('hex')}`),
    );
    expect(imported.status, imported.text).toBe(200);
    const [dealer] = await cluster.query<{ id: number }>(
      `insert into users (email, name, type_id, credit_limit, country_id)
       values ($1, $2, 3, '100000.00', $3) returning id`,
      [`idem-${tag}@keys.test`, `idem ${tag}`, cluster.countryId],
    );
    const buyer = { id: dealer!.id, token: await cluster.tokenFor(dealer!.id) };
    for (const sellType of sellTypes)
      await cluster.query(
        `insert into basket_items (user_id, product_id, quantity, sell_type) values ($1, $2, 2, $3)`,
        [buyer.id, productId, sellType],
      );
    return buyer;
  };

  const ordersOfKey = async (buyerId: number, key: string) =>
    cluster.query<{ id: number; sell_type: number }>(
      'select id, sell_type from orders where buyer_id = $1 and idempotency_key = $2',
      [buyerId, key],
    );

  it('places one order for one Idempotency-Key sent 10 times at once, with 10 identical answers', async () => {
    const buyer = await dealerWithBasket('same');
    const key = `idem-same-${randomBytes(8).toString('hex')}`;
    const send = (i: number, sellType: 1 | 2) =>
      fetch(`${servers[i % servers.length]!.url}/api/checkout`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${buyer.token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify({ sell_type: sellType }),
      }).then(async (r) => ({
        status: r.status,
        replayed: r.headers.get('idempotent-replayed'),
        text: await r.text(),
      }));

    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i, 2)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const first = answers[0]!.text;
    for (const a of answers) expect(a.text, 'every answer is byte for byte the same').toBe(first);
    // one request placed it; the other nine waited for the buyer's row and replayed its answer
    expect(answers.filter((a) => a.replayed === null)).toHaveLength(1);
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(9);
    const body = JSON.parse(first) as { code: number; message: string; data: OrderData };
    expect(body).toMatchObject({ code: 200, message: 'Your order is placed.' });
    expect(body.data).toMatchObject({ status: 'in_progress', sell_type: 2 });
    const placed = await ordersOfKey(buyer.id, key);
    expect(placed).toEqual([{ id: body.data.id, sell_type: 2 }]);

    // the order is delivered meanwhile; a later retry still gets the answer of the first request
    await waitForCompleted([body.data.id]);
    const [order] = await cluster.query<{ status: string }>(
      'select status from orders where id = $1',
      [body.data.id],
    );
    expect(order?.status).toBe('completed');
    const later = await send(3, 2);
    expect(later).toEqual({ status: 200, replayed: 'true', text: first });

    // the same key with another body: 422 in the envelope, and still one order
    const other = await send(4, 1);
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text)).toEqual({
      code: 422,
      message: 'This Idempotency-Key was already used for an order paid another way.',
      data: { error: 'IDEMPOTENCY_KEY_REUSED', order_id: body.data.id, sell_type: 2 },
    });
    expect(await ordersOfKey(buyer.id, key)).toHaveLength(1);
  });

  it('places one order when one Idempotency-Key comes at once with two different bodies', async () => {
    // lines of both sell types: either body alone would place an order
    const buyer = await dealerWithBasket('mixed', [2, 1]);
    const key = `idem-mixed-${randomBytes(8).toString('hex')}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        cluster.call<OrderData & { error?: string }>(
          servers[i % servers.length]!,
          'POST',
          '/api/checkout',
          buyer.token,
          { sell_type: i % 2 === 0 ? 2 : 1 },
          { 'idempotency-key': key },
        ),
      ),
    );
    const placed = await ordersOfKey(buyer.id, key);
    expect(placed).toHaveLength(1);
    const winner = placed[0]!.sell_type;
    answers.forEach((a, i) => {
      const sellType = i % 2 === 0 ? 2 : 1;
      if (sellType === winner) {
        expect(a.status).toBe(200);
        expect(a.text).toBe(answers[winner === 2 ? 0 : 1]!.text);
        expect(a.body?.data.id).toBe(placed[0]!.id);
      } else {
        expect(a.status).toBe(422);
        expect(a.body?.data.error).toBe('IDEMPOTENCY_KEY_REUSED');
      }
    });
  });
});
