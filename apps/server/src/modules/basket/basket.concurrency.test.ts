/**
 * Issue 29, "nothing answered is lost": two basket writes, or a basket write and a checkout,
 * racing on one basket across two server processes on one real PostgreSQL. Each race runs
 * many rounds, each on a fresh dealer whose basket starts as the round sets it in SQL; the two
 * requests go to different processes at (nearly) the same instant.
 *
 * After every round: no answer is a 5xx; every refusal is a 4xx with a message; and the ledger
 * of each product adds up exactly: what the basket held + every acknowledged add − every
 * acknowledged removal = what the basket holds now (all sell types) + what the buyer's orders
 * bought. An add answered 200 that vanished, or a removal answered 200 that was bought anyway,
 * breaks it.
 *
 * Runs only against a real PostgreSQL (TEST_DATABASE_URL): two processes are what a race needs.
 * BASKET_RACE_ROUNDS sets the rounds of each race (default 30).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { realPostgresSuite, requireRealPostgresUrl } from '../../../test/real-postgres';
import {
  type Answer,
  createProcessCluster,
  mapLimit,
  type ProcessCluster,
  type Server,
} from '../../../test/server-processes';
import { waitFor } from '../../../test/wait-for';

const suite = realPostgresSuite(
  'basket concurrency',
  'This suite races basket writes and checkouts on two server processes against one real PostgreSQL (row locks across connections) and cannot run on PGlite.',
);

const ROUNDS = Number(process.env.BASKET_RACE_ROUNDS ?? 30);
/** rounds raced at once, each on its own dealer: the load that widens the windows */
const LANES = 4;
const CASH = 1;
const CREDIT = 2;

type Line = { product: 'p' | 'q'; sellType: 1 | 2; quantity: number };
type Shopper = { id: number; token: string };
/** What the racers may ask, and what an acknowledged one does to the ledger of a product. */
type Request =
  | { kind: 'add'; product: 'p' | 'q'; quantity: number; sellType: 1 | 2 }
  | { kind: 'remove'; product: 'p' | 'q'; sellType: 1 | 2; count: number }
  | { kind: 'move'; sellType: 1 | 2 }
  | { kind: 'checkout'; sellType: 1 | 2 };
type Round = { start: Line[]; racers: [Request, Request] };

suite('[basket] writes and checkouts racing on two server processes', () => {
  let cluster: ProcessCluster;
  const servers: Server[] = [];
  const products = { p: 0, q: 0 };

  beforeAll(async () => {
    cluster = await createProcessCluster(requireRealPostgresUrl(), { tag: 'basket' });
    servers.push(...(await cluster.startServers(2)));
    products.p = await cluster.createProduct('BASKET-RACE-P');
    products.q = await cluster.createProduct('BASKET-RACE-Q');
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  /** `count` fresh dealers, each with a sign-in. */
  const createDealers = async (tag: string, count: number): Promise<Shopper[]> => {
    const rows = await cluster.query<{ id: number }>(
      `insert into users (email, name, type_id, credit_limit, country_id)
       select $1::text || g || '@basket.test', $1::text || g, 3, '1000000.00', $2::int
       from generate_series(1, $3::int) g returning id`,
      [`${tag}-${randomBytes(3).toString('hex')}-`, cluster.countryId, count],
    );
    return Promise.all(rows.map(async (r) => ({ id: r.id, token: await cluster.tokenFor(r.id) })));
  };

  const send = (
    server: Server,
    shopper: Shopper,
    lineIds: Map<string, number>,
    request: Request,
  ): Promise<Answer> => {
    switch (request.kind) {
      case 'add':
        return cluster.call(
          server,
          'GET',
          `/api/basket/add/${products[request.product]}/${request.quantity}/${request.sellType}`,
          shopper.token,
        );
      case 'remove':
        return cluster.call(
          server,
          'GET',
          `/api/basket/remove/${lineIds.get(`${request.product}:${request.sellType}`) ?? 0}/${request.count}`,
          shopper.token,
        );
      case 'move':
        return cluster.call(
          server,
          'POST',
          `/api/basket/sell-type/${request.sellType}`,
          shopper.token,
        );
      case 'checkout':
        return cluster.call(
          server,
          'POST',
          '/api/checkout',
          shopper.token,
          { sell_type: request.sellType },
          { 'idempotency-key': `race-${shopper.id}-${randomBytes(4).toString('hex')}` },
        );
    }
  };

  /**
   * Runs `ROUNDS` rounds of `roundAt(i)` and answers the rounds that broke a rule: a 5xx, a
   * refusal without a message, or a product whose ledger does not add up.
   */
  const race = async (tag: string, roundAt: (i: number) => Round) => {
    const shoppers = await createDealers(tag, ROUNDS);
    const broken: string[] = [];
    await mapLimit(shoppers, LANES, async (shopper, i) => {
      const round = roundAt(i);
      const lineIds = new Map<string, number>();
      for (const line of round.start) {
        const [row] = await cluster.query<{ id: number }>(
          'insert into basket_items (user_id, product_id, quantity, sell_type) values ($1, $2, $3, $4) returning id',
          [shopper.id, products[line.product], line.quantity, line.sellType],
        );
        lineIds.set(`${line.product}:${line.sellType}`, row!.id);
      }
      // the second racer goes to the other process, a moment later in some rounds
      const answers = await Promise.all(
        round.racers.map(async (request, j) => {
          if (j === 1 && i % 3 > 0) await new Promise((resolve) => setTimeout(resolve, i % 3));
          return send(servers[(i + j) % servers.length]!, shopper, lineIds, request);
        }),
      );
      const problems: string[] = [];
      answers.forEach((answer, j) => {
        const what = `${round.racers[j]!.kind} → ${answer.status}`;
        if (answer.status >= 500) problems.push(`${what} ${answer.text.slice(0, 200)}`);
        else if (answer.status !== 200 && (answer.status < 400 || !answer.body?.message))
          problems.push(`${what} without a message`);
      });
      for (const product of ['p', 'q'] as const) {
        let expected = round.start
          .filter((l) => l.product === product)
          .reduce((sum, l) => sum + l.quantity, 0);
        round.racers.forEach((request, j) => {
          if (answers[j]!.status !== 200) return;
          if (request.kind === 'add' && request.product === product) expected += request.quantity;
          if (request.kind === 'remove' && request.product === product) expected -= request.count;
        });
        const [held] = await cluster.query<{ basket: number; ordered: number }>(
          `select
             (select coalesce(sum(quantity), 0)::int from basket_items where user_id = $1 and product_id = $2) as basket,
             (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
              where o.buyer_id = $1 and i.product_id = $2) as ordered`,
          [shopper.id, products[product]],
        );
        if (held!.basket + held!.ordered !== expected) {
          problems.push(
            `${product}: expected ${expected}, basket ${held!.basket} + ordered ${held!.ordered}`,
          );
        }
      }
      if (problems.length > 0) broken.push(`round ${i}: ${problems.join('; ')}`);
    });
    expect(broken, `${broken.length} of ${ROUNDS} rounds broke a rule`).toEqual([]);
  };

  it('keeps every acknowledged add when a move to the other sell type runs at the same moment', async () => {
    await race('add-move', (i) =>
      i % 2 === 0
        ? {
            // the add opens the credit line the move is turning the cash line into
            start: [{ product: 'p', sellType: CASH, quantity: 2 }],
            racers: [
              { kind: 'add', product: 'p', quantity: 1, sellType: CREDIT },
              { kind: 'move', sellType: CREDIT },
            ],
          }
        : {
            // the add grows the cash line the move is merging into the credit line
            start: [
              { product: 'p', sellType: CASH, quantity: 2 },
              { product: 'p', sellType: CREDIT, quantity: 3 },
            ],
            racers: [
              { kind: 'add', product: 'p', quantity: 1, sellType: CASH },
              { kind: 'move', sellType: CREDIT },
            ],
          },
    );
  }, 60_000);

  it('keeps every acknowledged add when a checkout runs at the same moment: in the basket or in the order', async () => {
    await race('add-checkout', () => ({
      start: [{ product: 'p', sellType: CASH, quantity: 2 }],
      racers: [
        { kind: 'add', product: 'p', quantity: 1, sellType: CASH },
        { kind: 'checkout', sellType: CASH },
      ],
    }));
  }, 60_000);

  it('never orders what an acknowledged removal took out when a checkout runs at the same moment', async () => {
    await race('remove-checkout', () => ({
      start: [{ product: 'p', sellType: CASH, quantity: 4 }],
      racers: [
        { kind: 'remove', product: 'p', sellType: CASH, count: 1 },
        { kind: 'checkout', sellType: CASH },
      ],
    }));
  }, 60_000);

  it('loses no line and answers no 5xx when two moves to opposite sell types run at once', async () => {
    await race('move-move', () => ({
      start: [
        { product: 'p', sellType: CASH, quantity: 2 },
        { product: 'p', sellType: CREDIT, quantity: 3 },
        { product: 'q', sellType: CASH, quantity: 1 },
      ],
      racers: [
        { kind: 'move', sellType: CREDIT },
        { kind: 'move', sellType: CASH },
      ],
    }));
  }, 60_000);

  it('refuses with 409 BASKET_CHANGED and orders nothing when a line grows after the checkout priced it', async () => {
    // a writer that skips the basket's lock (an older process during a deploy) grows the line
    // and holds it while the checkout prices the old quantity and tries to take the line away
    const [shopper] = await createDealers('stale', 1);
    const [line] = await cluster.query<{ id: number }>(
      'insert into basket_items (user_id, product_id, quantity, sell_type) values ($1, $2, 2, 1) returning id',
      [shopper!.id, products.p],
    );
    const writer = await cluster.pool.connect();
    try {
      await writer.query('begin');
      await writer.query('update basket_items set quantity = quantity + 1 where id = $1', [
        line!.id,
      ]);
      const checkout = send(servers[0]!, shopper!, new Map(), { kind: 'checkout', sellType: CASH });
      // the checkout waits for the writer's row lock, after it priced the basket
      await waitFor(
        async () => {
          const [row] = await cluster.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock' and query ilike '%basket_items%'`,
          );
          return row!.n;
        },
        { until: (n) => n > 0, message: 'the checkout waiting for the basket line' },
      );
      await writer.query('commit');
      const answer = await checkout;
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ code: 409, data: { error: 'BASKET_CHANGED' } });
      expect(answer.body?.message).toMatch(/nothing was ordered/);
    } finally {
      writer.release();
    }
    const [held] = await cluster.query<{ basket: number; orders: number }>(
      `select (select quantity from basket_items where id = $2) as basket,
              (select count(*)::int from orders where buyer_id = $1) as orders`,
      [shopper!.id, line!.id],
    );
    expect(held).toEqual({ basket: 3, orders: 0 });
  }, 30_000);

  it('adds both quantities when two adds of the same product run at once', async () => {
    await race('add-add', (i) => ({
      start: i % 2 === 0 ? [] : [{ product: 'p', sellType: CASH, quantity: 2 }],
      racers: [
        { kind: 'add', product: 'p', quantity: 1, sellType: CASH },
        { kind: 'add', product: 'p', quantity: 2, sellType: CASH },
      ],
    }));
  }, 60_000);
});
