// What one order costs the database (issue 35): the statements and round trips of one credit
// order placed and delivered, on real PostgreSQL, counted by a traced pg client
// (bench/pg-trace.cjs preloaded into one server process of the built bundle).
//
// Each order is placed alone and followed until nothing of it is left to do: its keys
// delivered, its keys mail sent, its invoice issued (a delivery job, queued only when the
// delivery right after payment fails, is waited for by its order's completion); only then
// the next one starts, so every query of the window is that order's, except the job workers'
// idle polls and pg-boss's own upkeep, which are counted apart (see `isUpkeep`). Two flows:
// `plain`, POST /api/checkout without a quote (bench/checkout.mjs), and `quoted`, the web's
// flow, GET /api/checkout (the review, counted apart) and then POST with the review's quote.
//
// Prints, per flow, the median over its orders of: round trips (every query call: pg sends
// each alone and waits for its answer), statements (the same without BEGIN/COMMIT/ROLLBACK/
// SAVEPOINT), split by where they ran: in the checkout request before its answer (what the
// buyer waits for), in the delivery lane (the keys delivered right after payment), and in the
// job workers (mails, invoices or webhooks when queued, a retried delivery).
// Knobs: BENCH_DATABASE_URL (a server where it may create and drop esd_bench_statements),
// BENCH_ORDERS (orders of each flow, 3), BENCH_VERBOSE=1 (every query of the last plain order),
// BENCH_TRACE_OUT=<file> (keep the whole trace).
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, signInDirectly, startProcess, stop, waitFor } from './lib.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 3);
const QUANTITY = 5;
const BACKSTOP_SECONDS = 1;
const dbName = 'esd_bench_statements';
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${dbName}`;
const secret = 'bench-secret-bench-secret-bench-secret-123456';
const port = 3930;
const url = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const call = async (route, token, init = {}) => {
  const response = await fetch(`${url}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`${route}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
};

const TRANSACTION_CONTROL = /^(begin|commit|rollback|savepoint|release savepoint)\b/i;

/**
 * Work that belongs to no order: a job worker's fetch that found nothing, pg-boss's own upkeep
 * (maintenance, cron, supervision) and the statistics' periodic fold of new sales.
 */
const isUpkeep = (q) =>
  (/^ ?with next as/i.test(q.text) && q.rows === 0) ||
  /sales_fold_pending|pgboss\.(version|schedule|queue|subscription)\b|delete from pgboss|pgboss\.archive/i.test(
    q.text,
  );

buildServer();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

const dir = mkdtempSync(path.join(tmpdir(), 'esd-order-statements-'));
const traceFile = path.join(dir, 'trace.jsonl');
const server = startProcess(
  'node',
  ['--enable-source-maps', '--require', './bench/pg-trace.cjs', 'apps/server/dist/server.js'],
  {
    DATABASE_URL: benchUrl.toString(),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dir,
    JWT_SECRET: secret,
    JOB_BACKSTOP_SECONDS: String(BACKSTOP_SECONDS),
    PG_TRACE_FILE: traceFile,
  },
);
const db = new pg.Client({ connectionString: benchUrl.toString() });
try {
  await waitFor(`${url}/api/health`, 120_000, server);
  await db.connect();
  const shopperCount = 2 + 2 * ORDERS;
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
    [productId, shopperCount * QUANTITY],
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
  for (const token of tokens) await call(`/api/basket/add/${productId}/${QUANTITY}/2`, token);

  /** Until the order is completed, its keys mail sent and its invoice issued. */
  const settled = async (orderId) => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query(
        `select (select status from orders where id = $1) as status,
           (select count(*)::int from order_mails where order_id = $1 and kind = 'keys' and sent_at is not null) as mailed,
           (select count(*)::int from order_documents where order_id = $1 and kind = 'invoice') as invoices`,
        [orderId],
      );
      const [s] = rows;
      if (s.status === 'completed' && s.mailed === 1 && s.invoices >= 1) return;
      if (Date.now() > deadline)
        throw new Error(`order ${orderId} not settled: ${JSON.stringify(s)}`);
      await sleep(100);
    }
  };

  const orders = [];
  const place = async (token, flow) => {
    const idempotency = `statements-${Math.random().toString(36).slice(2)}`;
    const reviewStart = Date.now();
    const review = flow === 'quoted' ? await call('/api/checkout?sell_type=2', token) : null;
    const start = Date.now();
    const order = await call('/api/checkout', token, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotency },
      body: JSON.stringify({ sell_type: 2, ...(review ? { quote: review.quote } : {}) }),
    });
    const answered = Date.now();
    await settled(order.id);
    await sleep(300); // the last job's completion write
    orders.push({ flow, id: order.id, reviewStart, start, answered, end: Date.now() });
  };
  // warm-up: each statement prepared once on some connection, JIT
  await place(tokens[0], 'plain');
  await place(tokens[1], 'quoted');
  orders.length = 0;
  for (let i = 0; i < ORDERS; i++) {
    await place(tokens[2 + 2 * i], 'plain');
    await place(tokens[3 + 2 * i], 'quoted');
  }
  await sleep(200);

  const trace = readFileSync(traceFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const count = (queries) => ({
    roundTrips: queries.length,
    statements: queries.filter((q) => !TRANSACTION_CONTROL.test(q.text)).length,
  });
  const perOrder = orders.map((o) => {
    const review = trace.filter(
      (q) => q.t >= o.reviewStart && q.t < o.start && q.context === 'request',
    );
    const all = trace.filter((q) => q.t >= o.start && q.t <= o.end);
    const work = all.filter((q) => !isUpkeep(q));
    const where = (context) => count(work.filter((q) => q.context === context));
    return {
      ...o,
      review: count(review),
      request: where('request'),
      lane: where('lane'),
      background: where('background'),
      total: count(work),
      upkeep: all.length - work.length,
      answerMs: o.answered - o.start,
      work,
    };
  });
  const lines = [
    '',
    `Statements and round trips of one credit order of ${QUANTITY} keys placed and delivered, median of ${ORDERS} orders per flow (\`node bench/order-statements.mjs\`, ${new Date().toISOString().slice(0, 16)} UTC). Round trips / statements (without BEGIN/COMMIT):`,
    '',
    '| flow | POST /api/checkout (the request) | delivery lane (keys at once) | jobs (mails, webhooks, …) | whole order | review, GET /api/checkout |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const flow of ['plain', 'quoted']) {
    const of = perOrder.filter((o) => o.flow === flow);
    const m = (part) =>
      `${median(of.map((o) => o[part].roundTrips))} / ${median(of.map((o) => o[part].statements))}`;
    lines.push(
      `| ${flow} | ${m('request')} | ${m('lane')} | ${m('background')} | ${m('total')} | ${flow === 'quoted' ? m('review') : '—'} |`,
    );
  }
  console.log(lines.join('\n'));
  const last = perOrder.filter((o) => o.flow === 'plain').at(-1);
  console.log(`upkeep queries in the window of order ${last.id} (not counted): ${last.upkeep}`);
  if (process.env.BENCH_TRACE_OUT) copyFileSync(traceFile, process.env.BENCH_TRACE_OUT);
  if (process.env.BENCH_VERBOSE) {
    for (const q of last.work)
      console.log(
        `${String(q.t - last.start).padStart(5)} ms ${q.context.padEnd(10)} ${String(q.ms).padStart(3)} ms rows=${q.rows}  ${q.text.slice(0, 140)}`,
      );
  }
} finally {
  await db.end().catch(() => {});
  await stop(server);
  rmSync(dir, { recursive: true, force: true });
}
