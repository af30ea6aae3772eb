// Checkout and key delivery on real PostgreSQL with two server processes (issues 8 and 35):
// 1. credit checkouts by 20 concurrent dealers (each order its own dealer, one lane per dealer
//    at a time): p50/p95/p99 of POST /api/checkout (target p95 ≤ 250 ms) and orders per second,
//    and the CPU each order placed and delivered costs the servers and PostgreSQL, also in bare
//    answers of the same sitting (the CPU of one answer of a bare Fastify route answering a
//    dealer's profile from memory, measured before phase 1 and after phase 2, `bareAnswerCost`):
//    target ≤ 450, whatever the host's speed; and each order's payment-to-key while the phase
//    runs (reported: a checkout answered fast because deliveries wait for the phase to end
//    shows here, seconds behind);
// 2. a burst of 200 orders placed at once: every key delivered within 180 s, payment-to-key
//    p99 ≤ 500 ms. Payment is the checkout's answer (a credit order is paid when it is placed); the
//    key time is when a watcher polling the orders table every 50 ms first sees the order
//    completed (all its keys allocated, which the order page then shows).
// Needs BENCH_DATABASE_URL (a server where it may create and drop the database
// esd_bench_checkout), defaults to the local PostgreSQL. Knobs: BENCH_ORDERS (2000 in phase 1: enough samples for a steady p95),
// BENCH_CONCURRENCY (20), BENCH_BURST (200), BENCH_QUANTITY (5 keys per order),
// BENCH_JOB_POLL_SECONDS (unset: the server's default), BENCH_CPU_PROF=<dir> (a CPU profile of
// each server process), BENCH_DRY=1 (print, do not append), BENCH_LABEL (a note for the
// sitting's heading, e.g. which commit), BENCH_RESULTS=<file> (append there, not to RESULTS.md:
// a copy of an older commit measured in turns with this one).
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  bareAnswerCost,
  buildServer,
  loadAverage,
  machine,
  processCpuSeconds,
  signInDirectly,
  startProcess,
  stop,
  waitFor,
} from './lib.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const BURST = Number(process.env.BENCH_BURST ?? 200);
const QUANTITY = Number(process.env.BENCH_QUANTITY ?? 5);
const POLL_MS = 50;
const TARGET_CHECKOUT_P95_MS = 250;
const TARGET_KEY_P99_MS = 500;
const TARGET_BARE_ANSWERS_PER_ORDER = 450;
const TARGET_ALL_KEYS_S = 180;
const jobPoll = process.env.BENCH_JOB_POLL_SECONDS;
const cpuProf = process.env.BENCH_CPU_PROF;
const dbName = 'esd_bench_checkout';
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${dbName}`;
const secret = 'bench-secret-bench-secret-bench-secret-123456';
const ports = [3910, 3911];
const urls = ports.map((port) => `http://127.0.0.1:${port}`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const cpuSeconds = processCpuSeconds;
/** CPU seconds of every PostgreSQL process of this machine (server, backends, WAL writer…). */
const postgresCpuSeconds = () =>
  readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .reduce((sum, pid) => {
      try {
        const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
        return comm.startsWith('postgres') ? sum + cpuSeconds(pid) : sum;
      } catch {
        return sum;
      }
    }, 0);
/** Where the CPU goes: both servers, PostgreSQL, and this driver. */
const cpuSnapshot = (servers) => ({
  servers: servers.reduce((sum, server) => sum + cpuSeconds(server.pid), 0),
  postgres: postgresCpuSeconds(),
  driver: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
});

const call = async (url, token, init = {}) => {
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `fn` over `items` with `limit` lanes. */
const lanes = async (items, limit, fn) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
};

buildServer();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

const dataDir = mkdtempSync(path.join(tmpdir(), 'esd-bench-checkout-'));
const env = (port) => ({
  DATABASE_URL: benchUrl.toString(),
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  JWT_SECRET: secret,
  ...(jobPoll ? { JOB_POLL_SECONDS: jobPoll } : {}),
});
const servers = [];
const db = new pg.Client({ connectionString: benchUrl.toString() });
try {
  // one after the other: the first migrates and seeds, and pg-boss creates its queues once
  for (const port of ports) {
    const server = startProcess(
      'node',
      [
        ...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : []),
        'apps/server/dist/server.js',
      ],
      env(port),
    );
    servers.push(server);
    await waitFor(`http://127.0.0.1:${port}/api/health`, 120_000, server);
  }
  await db.connect();

  // the shoppers: dealers buying on their own credit, one order each, credit for every order
  const phases = { warmup: 20, throughput: ORDERS, burst: BURST };
  const shopperCount = Object.values(phases).reduce((a, b) => a + b, 0);
  const stock = shopperCount * QUANTITY;
  const [{ id: countryId }] = (await db.query(`select id from countries where code = 'AZ'`)).rows;
  const [{ id: categoryId }] = (await db.query('select id from categories order by id limit 1'))
    .rows;
  const [{ id: productId }] = (
    await db.query(
      `insert into products (sku, title_en, title_ru, title_az, category_id, provider_id, dealer_price, unit_price)
       values ('BENCH-KEYS', 'Bench keys', 'Bench keys', 'Bench keys', $1, 1, '100.00', '120.00') returning id`,
      [categoryId],
    )
  ).rows;
  await db.query(
    `insert into licence_keys (product_id, key)
     select $1, 'BENCH-' || g || '-' || md5(random()::text) from generate_series(1, $2::int) g`,
    [productId, stock],
  );
  const dealerIds = (
    await db.query(
      `insert into users (email, name, type_id, credit_limit, country_id, need_azn_credit)
       select 'bench-dealer-' || g || '@bench.test', 'Bench dealer ' || g, 3, '100000000.00', $1, true
       from generate_series(1, $2::int) g returning id`,
      [countryId, shopperCount],
    )
  ).rows.map((r) => r.id);
  const tokens = await signInDirectly(db, secret, dealerIds);
  const shoppers = dealerIds.map((id, i) => ({ id, token: tokens[i] }));
  // a bare answer's CPU in this sitting (before phase 1 and after phase 2): a bare Fastify
  // route answering, from memory, what GET /api/auth/user answers a dealer (bench/api-stack.mjs)
  const profile = await (
    await fetch(`${urls[0]}/api/auth/user`, { headers: { authorization: `Bearer ${tokens[0]}` } })
  ).text();
  const bareUs = [await bareAnswerCost({ payload: profile })];
  console.log(`filling ${shoppers.length} baskets…`);
  await lanes(shoppers, 20, async (s, i) =>
    call(`${urls[i % 2]}/api/basket/add/${productId}/${QUANTITY}/2`, s.token),
  );

  const checkout = (s, i) =>
    call(`${urls[i % 2]}/api/checkout`, s.token, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `bench-${s.id}-${randomBytes(4).toString('hex')}`,
      },
      body: JSON.stringify({ sell_type: 2 }),
    });
  const waitAllCompleted = async (ids) => {
    const deadline = Date.now() + TARGET_ALL_KEYS_S * 1000;
    for (;;) {
      const { rows } = await db.query(
        `select count(*)::int as n from orders where id = any($1) and status <> 'completed'`,
        [ids],
      );
      if (rows[0].n === 0) return;
      if (Date.now() > deadline) throw new Error(`${rows[0].n} orders not completed in 3 minutes`);
      await sleep(200);
    }
  };

  /**
   * Notes when each order of `placedOrders` (filled as their answers come: `{ id, paid }`) is
   * first seen completed, polling every POLL_MS; `stop()` ends it and answers id → time.
   */
  const watchCompletions = (placedOrders) => {
    const seenAt = new Map();
    let watching = true;
    const running = (async () => {
      while (watching) {
        const ids = placedOrders
          .map((o) => o.id)
          .filter((id) => id !== undefined && !seenAt.has(id));
        if (ids.length > 0) {
          const { rows } = await db.query(
            `select id from orders where id = any($1) and status = 'completed'`,
            [ids],
          );
          const now = performance.now();
          for (const row of rows) seenAt.set(row.id, now);
        }
        await sleep(POLL_MS);
      }
    })();
    return {
      seenAt,
      stop: async () => {
        watching = false;
        await running;
        return seenAt;
      },
    };
  };

  let offset = 0;
  const take = (n) => {
    const slice = shoppers.slice(offset, offset + n);
    offset += n;
    return slice;
  };

  // warm-up: JIT, prepared statements, pool connections
  const warm = [];
  await lanes(take(phases.warmup), CONCURRENCY, async (s, i) =>
    warm.push((await checkout(s, i)).id),
  );
  await waitAllCompleted(warm);

  // 1. checkouts by CONCURRENCY dealers at a time, deliveries running alongside
  console.log(`throughput: ${phases.throughput} checkouts by ${CONCURRENCY} concurrent dealers…`);
  const checkoutMs = [];
  const placed = [];
  // when each order's keys are in, against its payment (the checkout's answer): a checkout fast
  // only because deliveries wait for the phase to end shows here
  const phaseOrders = [];
  const phaseWatch = watchCompletions(phaseOrders);
  const cpuBefore = cpuSnapshot(servers);
  const t0 = performance.now();
  await lanes(take(phases.throughput), CONCURRENCY, async (s, i) => {
    const start = performance.now();
    const order = await checkout(s, i);
    const paid = performance.now();
    placed.push(order.id);
    phaseOrders.push({ id: order.id, paid });
    checkoutMs.push(paid - start);
  });
  const throughputSeconds = (performance.now() - t0) / 1000;
  await waitAllCompleted(placed);
  const throughputEnd = (performance.now() - t0) / 1000;
  await sleep(POLL_MS * 2);
  const phaseSeenAt = await phaseWatch.stop();
  // CPU ms per order placed and delivered (phase 1, deliveries and mail included)
  const cpuAfter = cpuSnapshot(servers);
  const cpuPerOrder = Object.fromEntries(
    Object.keys(cpuAfter).map((key) => [
      key,
      (((cpuAfter[key] - cpuBefore[key]) / phases.throughput) * 1000).toFixed(2),
    ]),
  );
  const loadAfterThroughput = loadAverage();
  await sleep(3000); // let the queues drain before the burst

  // 2. a burst: every order placed at once; a watcher notes when each is completed
  console.log(`burst: ${phases.burst} orders at once…`);
  const burst = take(phases.burst).map((s) => ({ s }));
  const burstWatch = watchCompletions(burst);
  const seenAt = burstWatch.seenAt;
  const t1 = performance.now();
  await Promise.all(
    burst.map(async (b, i) => {
      b.start = performance.now();
      const order = await checkout(b.s, i);
      b.paid = performance.now();
      b.id = order.id;
    }),
  );
  const placedSeconds = (performance.now() - t1) / 1000;
  const deadline = performance.now() + TARGET_ALL_KEYS_S * 1000;
  while (seenAt.size < burst.length && performance.now() < deadline) await sleep(POLL_MS);
  await burstWatch.stop();
  const missing = burst.filter((b) => !seenAt.has(b.id)).length;
  if (missing > 0)
    throw new Error(`${missing} burst orders without keys after ${TARGET_ALL_KEYS_S} s`);
  const allKeysSeconds = (Math.max(...seenAt.values()) - t1) / 1000;
  const burstCheckoutMs = burst.map((b) => b.paid - b.start).sort((a, b) => a - b);
  const payToKeyMs = burst.map((b) => Math.max(0, seenAt.get(b.id) - b.paid)).sort((a, b) => a - b);
  const phasePayToKeyMs = phaseOrders
    .filter((o) => phaseSeenAt.has(o.id))
    .map((o) => Math.max(0, phaseSeenAt.get(o.id) - o.paid))
    .sort((a, b) => a - b);
  const clickToKeyMs = burst.map((b) => seenAt.get(b.id) - b.start).sort((a, b) => a - b);

  // every keys mail of the run sent (the mail jobs trail the deliveries): seconds after the burst
  const allOrders = [...warm, ...placed, ...burst.map((b) => b.id)];
  const mailDeadline = performance.now() + TARGET_ALL_KEYS_S * 1000;
  for (;;) {
    const { rows } = await db.query(
      `select count(*)::int as n from order_mails where order_id = any($1) and kind = 'keys' and sent_at is not null`,
      [allOrders],
    );
    if (rows[0].n >= allOrders.length) break;
    if (performance.now() > mailDeadline)
      throw new Error(
        `${allOrders.length - rows[0].n} keys mails not sent after ${TARGET_ALL_KEYS_S} s`,
      );
    await sleep(POLL_MS);
  }
  const allMailsSeconds = (performance.now() - t1) / 1000;

  // nothing handed out twice, nothing missing
  const { rows: check } = await db.query(
    `select (select count(*)::int from licence_keys where product_id = $1 and status = 'allocated') as allocated,
            (select coalesce(sum(quantity), 0)::int from order_items where product_id = $1) as ordered`,
    [productId],
  );
  if (check[0].allocated !== check[0].ordered) throw new Error(`keys: ${JSON.stringify(check[0])}`);

  const loadAtEnd = loadAverage();
  bareUs.push(await bareAnswerCost({ payload: profile }));
  const bareAnswerUs = (bareUs[0] + bareUs[1]) / 2;
  const orderCpuMs = Number(cpuPerOrder.servers) + Number(cpuPerOrder.postgres);
  const bareAnswers = Math.round((orderCpuMs * 1000) / bareAnswerUs);
  checkoutMs.sort((a, b) => a - b);
  const r = (v) => Math.round(v);
  const p = (list, q) => r(percentile(list, q));
  const result = {
    checkoutsPerSecond: (phases.throughput / throughputSeconds).toFixed(1),
    checkout: [50, 95, 99].map((q) => p(checkoutMs, q)),
    deliveredPerSecond: (phases.throughput / throughputEnd).toFixed(1),
    phasePayToKey: [50, 95, 99].map((q) => p(phasePayToKeyMs, q)),
    burstCheckout: [50, 99].map((q) => p(burstCheckoutMs, q)),
    payToKey: [50, 95, 99].map((q) => p(payToKeyMs, q)),
    payToKeyMax: r(payToKeyMs.at(-1)),
    clickToKey: [50, 99].map((q) => p(clickToKeyMs, q)),
    allKeysSeconds: allKeysSeconds.toFixed(1),
    placedSeconds: placedSeconds.toFixed(1),
    allMailsSeconds: allMailsSeconds.toFixed(1),
    cpuPerOrder,
    bareAnswerUs: bareUs.map((v) => v.toFixed(1)),
    bareAnswers,
  };
  console.log(result);
  const verdict = (ok) => (ok ? 'met' : 'missed');
  const poll = jobPoll ? `JOB_POLL_SECONDS=${jobPoll}` : 'JOB_POLL_SECONDS default (1)';
  const lines = [
    '',
    `### Checkout by 20 dealers and a burst of ${phases.burst} orders — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC${process.env.BENCH_LABEL ? ` — ${process.env.BENCH_LABEL}` : ''}`,
    '',
    `Machine: ${machine()}. Real PostgreSQL, 2 server processes (built bundle, requests alternate between them), ${poll}, credit orders of ${QUANTITY} keys, each by its own dealer; load average after phase 1 ${loadAfterThroughput}, at the end ${loadAtEnd} (1/5/15 min: other work shares the cores). Command: \`npm run bench -- checkout\`${jobPoll ? ` with \`BENCH_JOB_POLL_SECONDS=${jobPoll}\`` : ''}.`,
    '',
    '| measure | value | target |',
    '| --- | ---: | --- |',
    `| 1. ${phases.throughput} credit checkouts, ${CONCURRENCY} dealers at a time: p50 / p95 / p99 ms | ${result.checkout.join(' / ')} | p95 ≤ ${TARGET_CHECKOUT_P95_MS}: ${verdict(result.checkout[1] <= TARGET_CHECKOUT_P95_MS)} |`,
    `| 1. orders placed per second | ${result.checkoutsPerSecond} | reported |`,
    `| 1. orders placed and fully delivered per second | ${result.deliveredPerSecond} | reported |`,
    `| 1. payment-to-key p50 / p95 / p99 ms (checkout answer → order seen completed, ${POLL_MS} ms polling) | ${result.phasePayToKey.join(' / ')} | reported |`,
    `| 1. CPU ms per order placed and delivered: both servers / PostgreSQL / this driver | ${cpuPerOrder.servers} / ${cpuPerOrder.postgres} / ${cpuPerOrder.driver} | reported |`,
    `| 1. CPU per order (servers + PostgreSQL) in bare answers of this sitting (a bare answer: ${result.bareAnswerUs.join(' and ')} µs, before and after) | ${bareAnswers} | ≤ ${TARGET_BARE_ANSWERS_PER_ORDER}: ${verdict(bareAnswers <= TARGET_BARE_ANSWERS_PER_ORDER)} |`,
    `| 2. burst: ${phases.burst} checkouts at once, answer p50 / p99 ms (all placed in ${result.placedSeconds} s) | ${result.burstCheckout.join(' / ')} | — |`,
    `| 2. burst: payment-to-key p50 / p95 / p99 ms (checkout answer → order seen completed, ${POLL_MS} ms polling) | ${result.payToKey.join(' / ')} | p99 ≤ ${TARGET_KEY_P99_MS}: ${verdict(result.payToKey[2] <= TARGET_KEY_P99_MS)} |`,
    `| 2. burst: payment-to-key max ms | ${result.payToKeyMax} | — |`,
    `| 2. burst: click-to-key p50 / p99 ms (checkout start → completed) | ${result.clickToKey.join(' / ')} | — |`,
    `| 2. burst: every key delivered after (s from the first click) | ${result.allKeysSeconds} | ≤ ${TARGET_ALL_KEYS_S}: ${verdict(Number(result.allKeysSeconds) <= TARGET_ALL_KEYS_S)} |`,
    `| every keys mail of the run (${allOrders.length} orders) sent, s after the burst's first click | ${result.allMailsSeconds} | reported |`,
    '',
  ];
  // BENCH_DRY=1: print only (for trying knobs without recording)
  if (!process.env.BENCH_DRY)
    appendFileSync(
      process.env.BENCH_RESULTS ?? new URL('RESULTS.md', import.meta.url),
      lines.join('\n'),
    );
  console.log(lines.join('\n'));
} finally {
  await db.end().catch(() => {});
  for (const server of servers) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
