// Checkout throughput and payment-to-key latency on real PostgreSQL with two server processes
// (issue 4; target: keys in the buyer's order page within 2 s at p99). Needs
// BENCH_DATABASE_URL (a server where it may create and drop the database esd_bench_checkout),
// defaults to the local PostgreSQL. Knobs: BENCH_ORDERS (300), BENCH_CONCURRENCY (10),
// BENCH_QUANTITY (5 keys per order), BENCH_JOB_POLL_SECONDS (unset: the server's default),
// BENCH_DRY=1 (print, do not append to RESULTS.md).
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { machine, root, startProcess, stop, waitFor } from './lib.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const QUANTITY = Number(process.env.BENCH_QUANTITY ?? 5);
const POLL_MS = 50;
const TARGET_P99_MS = 2000;
const jobPoll = process.env.BENCH_JOB_POLL_SECONDS;
const dbName = 'esd_bench_checkout';
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${dbName}`;
const secret = 'bench-secret-bench-secret-bench-secret-123456';
const ports = [3910, 3911];
const urls = ports.map((port) => `http://127.0.0.1:${port}`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A session token as apps/server/src/modules/auth/tokens.ts signs it (HS256, iss/aud, sv, prv). */
const sign = (userId) => {
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    sv: 1,
    prv: 'password',
    sub: String(userId),
    iss: 'esd-portal',
    aud: 'esd-portal-api',
    iat: now,
    exp: now + 3600,
  })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

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

console.log('building the server bundle…');
execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server') });

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
    const server = startProcess('node', ['apps/server/dist/server.js'], env(port));
    servers.push(server);
    await waitFor(`http://127.0.0.1:${port}/api/health`);
  }
  await db.connect();

  // the shoppers: end users buying on credit, 10 per dealer, dealers with room for every order
  const phases = { warmup: 20, throughput: ORDERS * 2, latency: ORDERS };
  const shopperCount = Object.values(phases).reduce((a, b) => a + b, 0);
  const dealers = Math.ceil(shopperCount / 10);
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
      `insert into users (email, name, type_id, credit_limit, country_id)
       select 'bench-dealer-' || g || '@bench.test', 'Bench dealer ' || g, 3, '100000000.00', $1
       from generate_series(1, $2::int) g returning id`,
      [countryId, dealers],
    )
  ).rows.map((r) => r.id);
  const userIds = (
    await db.query(
      `insert into users (email, name, type_id, country_id, dealer_id, need_azn_credit)
       select 'bench-user-' || g || '@bench.test', 'Bench user ' || g, 4, $1, ($2::int[])[1 + g % $3::int], true
       from generate_series(1, $4::int) g returning id`,
      [countryId, dealerIds, dealers, shopperCount],
    )
  ).rows.map((r) => r.id);
  const shoppers = userIds.map((id) => ({ id, token: sign(id) }));
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
    const deadline = Date.now() + 180_000;
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

  // 1. checkout throughput: checkouts at a steady concurrency, deliveries running alongside
  console.log(`throughput: ${phases.throughput} checkouts at concurrency ${CONCURRENCY}…`);
  const checkoutMs = [];
  const placed = [];
  const t0 = performance.now();
  await lanes(take(phases.throughput), CONCURRENCY, async (s, i) => {
    const start = performance.now();
    placed.push((await checkout(s, i)).id);
    checkoutMs.push(performance.now() - start);
  });
  const throughputSeconds = (performance.now() - t0) / 1000;
  await waitAllCompleted(placed);
  const throughputEnd = (performance.now() - t0) / 1000;

  // 2. payment-to-key latency: checkout, then poll the order page until it shows every key
  console.log(
    `latency: ${phases.latency} orders at concurrency ${CONCURRENCY}, polling every ${POLL_MS} ms…`,
  );
  const keyMs = [];
  const t1 = performance.now();
  await lanes(take(phases.latency), CONCURRENCY, async (s, i) => {
    const start = performance.now();
    const order = await checkout(s, i);
    for (let poll = 0; ; poll++) {
      const detail = await call(`${urls[(i + poll) % 2]}/api/orders/${order.id}`, s.token);
      if (detail.items.every((item) => item.keys.length === item.quantity)) break;
      if (performance.now() - start > 180_000)
        throw new Error(`order ${order.id}: no keys in 3 min`);
      await sleep(POLL_MS);
    }
    keyMs.push(performance.now() - start);
  });
  const latencySeconds = (performance.now() - t1) / 1000;

  // nothing handed out twice, nothing missing
  const { rows: check } = await db.query(
    `select (select count(*)::int from licence_keys where product_id = $1 and status = 'allocated') as allocated,
            (select coalesce(sum(quantity), 0)::int from order_items where product_id = $1) as ordered`,
    [productId],
  );
  if (check[0].allocated !== check[0].ordered) throw new Error(`keys: ${JSON.stringify(check[0])}`);

  const load = loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');
  checkoutMs.sort((a, b) => a - b);
  keyMs.sort((a, b) => a - b);
  const r = (v) => Math.round(v);
  const result = {
    checkoutsPerSecond: r(phases.throughput / throughputSeconds),
    checkoutP50: r(percentile(checkoutMs, 50)),
    checkoutP99: r(percentile(checkoutMs, 99)),
    deliveredPerSecond: r(phases.throughput / throughputEnd),
    keyP50: r(percentile(keyMs, 50)),
    keyP99: r(percentile(keyMs, 99)),
    keyMax: r(keyMs.at(-1)),
    latencyOrdersPerSecond: r(phases.latency / latencySeconds),
  };
  console.log(result);
  const poll = jobPoll ? `JOB_POLL_SECONDS=${jobPoll}` : 'JOB_POLL_SECONDS default (1)';
  const lines = [
    '',
    `### Checkout and key delivery — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machine()}. Real PostgreSQL, 2 server processes (built bundle, requests alternate between them), ${poll}, credit orders of ${QUANTITY} keys by end users (10 per dealer), concurrency ${CONCURRENCY}; load average at the end ${load} (1/5/15 min: other work shares the cores). Command: \`npm run bench -- checkout\`${jobPoll ? ` with \`BENCH_JOB_POLL_SECONDS=${jobPoll}\`` : ''}.`,
    '',
    '| measure | value |',
    '| --- | ---: |',
    `| checkouts/s (${phases.throughput} POST /api/checkout, deliveries running alongside) | ${result.checkoutsPerSecond} |`,
    `| checkout request p50 / p99 ms | ${result.checkoutP50} / ${result.checkoutP99} |`,
    `| orders placed and fully delivered per second (same run) | ${result.deliveredPerSecond} |`,
    `| payment-to-key p50 ms (${phases.latency} orders: checkout start → order page shows every key, polled every ${POLL_MS} ms) | ${result.keyP50} |`,
    `| payment-to-key p99 ms (target < ${TARGET_P99_MS}) | ${result.keyP99}${result.keyP99 < TARGET_P99_MS ? '' : ' — missed'} |`,
    `| payment-to-key max ms | ${result.keyMax} |`,
    '',
  ];
  // BENCH_DRY=1: print only (for trying knobs without recording)
  if (!process.env.BENCH_DRY)
    appendFileSync(new URL('RESULTS.md', import.meta.url), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await db.end().catch(() => {});
  for (const server of servers) await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
