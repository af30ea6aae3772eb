// Statistics at scale (issue 7: every statistics answer under 200 ms with one million order
// items), and the orders list on the same orders (first page and its filters). Generates 1,000,000 order items on real PostgreSQL with generate_series (400,000
// paid orders over two years, 200 dealers in 10 countries, 400 products; 4 % of the orders
// cancelled after payment, 1 % of the items returned) through the same triggers that keep
// the sales summaries in step, checks the summaries against a recomputation, then times every
// statistics route over HTTP for a global admin, a local district admin and a dealer on 12
// weeks, a year and the longest range (3 years).
// Needs BENCH_DATABASE_URL (a server where it may create and drop esd_bench_statistics),
// defaults to the local PostgreSQL. Knobs: BENCH_ITEMS (1000000), BENCH_RUNS (40 timed
// requests per case), BENCH_DRY=1 (print, do not append to RESULTS.md).
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { machine, root, signInDirectly, startProcess, stop, waitFor } from './lib.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const TARGET_MS = 200;
const ORDER_BATCH = 50_000;
const dbName = 'esd_bench_statistics';
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${dbName}`;
const secret = 'bench-secret-bench-secret-bench-secret-123456';
const port = 3920;
const base = `http://127.0.0.1:${port}`;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const bakuToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(new Date());
const addDays = (day, days) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

console.log('building the server bundle…');
execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/server') });

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

const dataDir = mkdtempSync(path.join(tmpdir(), 'esd-bench-statistics-'));
const server = startProcess('node', ['apps/server/dist/server.js'], {
  DATABASE_URL: benchUrl.toString(),
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  JWT_SECRET: secret,
  // the admins sign in directly, without the second factor their roles need by default: the
  // bench times the statistics, not the sign-in (without this every admin route answers 403)
  MFA_REQUIRED_ROLES: 'none',
});
const db = new pg.Client({ connectionString: benchUrl.toString() });
try {
  await waitFor(`${base}/api/health`);
  await db.connect();
  const timed = async (label, text, params) => {
    const started = performance.now();
    const result = await db.query(text, params);
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  console.log(`generating ${ITEMS.toLocaleString('en')} order items…`);
  const countries = (await db.query('select id from countries order by id limit 10')).rows.map(
    (r) => r.id,
  );
  const categories = (await db.query('select id from categories order by id')).rows.map(
    (r) => r.id,
  );
  const dealers = (
    await timed(
      '200 dealers in 10 countries',
      `insert into users (email, name, type_id, credit_limit, country_id)
       select 'bench-dealer-' || g || '@bench.test', 'Bench dealer ' || g, 3, '0.00', ($1::int[])[1 + g % cardinality($1::int[])]
       from generate_series(1, 200) g returning id, country_id`,
      [countries],
    )
  ).rows;
  const products = (
    await timed(
      '400 products',
      `insert into products (sku, title_en, title_ru, title_az, category_id, provider_id, dealer_price, unit_price)
       select 'BENCH-' || g, 'Bench product ' || g, 'Тестовый продукт ' || g, 'Test məhsulu ' || g,
         ($1::int[])[1 + g % cardinality($1::int[])], 1, (10 + g % 490)::numeric(14, 2), (12 + g % 490)::numeric(14, 2)
       from generate_series(1, 400) g returning id`,
      [categories],
    )
  ).rows.map((r) => r.id);
  // 2.5 items per order on average: 1 + (order number % 4)
  const orderCount = Math.round(ITEMS / 2.5);
  const generation = performance.now();
  for (let first = 1; first <= orderCount; first += ORDER_BATCH) {
    const last = Math.min(orderCount, first + ORDER_BATCH - 1);
    await db.query('begin');
    // paid on a random moment of the last two years; the dealer's country as the order's
    await db.query(
      `insert into orders (buyer_id, dealer_id, country_id, sell_type, status, idempotency_key, lang, rate,
         vat_percent, surcharge_percent, total_usd, vat_usd, total_azn, paid_at, completed_at, credit_settled_at, created_at)
       select x.dealer, x.dealer, x.country, 1 + x.g % 2, 'completed', 'bench-' || x.g, 'en', 1.7, 18, 0, 0, 0, 0,
         x.t, x.t, x.t, x.t
       from (
         select g, ($3::int[])[(1 + (g::bigint * 7919) % cardinality($3::int[]))::int] as dealer,
           ($4::int[])[(1 + (g::bigint * 7919) % cardinality($3::int[]))::int] as country,
           now() - random() * interval '730 days' as t
         from generate_series($1::int, $2::int) g
       ) x`,
      [first, last, dealers.map((d) => d.id), dealers.map((d) => d.country_id)],
    );
    // items: popular products sell more (the square of a uniform number skews to the start)
    await db.query(
      `insert into order_items (order_id, product_id, sku, title_en, title_ru, title_az, provider_id, is_returnable,
         quantity, unit_usd, total_usd, total_azn, status, delivered)
       select x.order_id, p.id, p.sku, p.title_en, p.title_ru, p.title_az, 1, true, x.n, 10, x.n * 10,
         round(x.n * 10 * 1.7 * 1.18, 2), 'delivered', x.n
       from (
         select o.id as order_id, s, 1 + floor(random() * 5)::int as n,
           ($3::int[])[1 + floor(cardinality($3::int[]) * random() ^ 2)::int] as pid
         from orders o
         cross join lateral generate_series(0, o.id % 4) s
         where o.id between (select id from orders where idempotency_key = 'bench-' || $1::int)
           and (select id from orders where idempotency_key = 'bench-' || $2::int)
       ) x
       join products p on p.id = x.pid
       order by x.order_id, x.s`,
      [first, last, products],
    );
    await db.query('commit');
    process.stdout.write(
      `\r  orders ${last.toLocaleString('en')} / ${orderCount.toLocaleString('en')}`,
    );
  }
  const generationSeconds = (performance.now() - generation) / 1000;
  console.log(`\n  orders and items with their triggers: ${generationSeconds.toFixed(1)} s`);
  await timed(
    '4 % of the orders cancelled after payment',
    `update orders set status = 'cancelled', cancelled_at = now() where idempotency_key like 'bench-%' and id % 25 = 0`,
  );
  await timed(
    '1 % of the items returned',
    `update order_items set status = 'returned' where sku like 'BENCH-%' and id % 100 = 7`,
  );
  // the server folds pending product changes every 2 s; fold the backlog of the bulk load now
  const fold = performance.now();
  let folded = 0;
  for (;;) {
    const [{ moved }] = (await db.query('select sales_fold_pending(200000) as moved')).rows;
    folded += moved;
    if (moved > 0) continue;
    // 0: nothing pending, or the server's own fold holds the lock (its snapshot may predate
    // the last updates): done only when nothing is pending any more
    const [{ pending }] = (
      await db.query('select exists (select 1 from sales_product_pending) as pending')
    ).rows;
    if (!pending) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const foldSeconds = (performance.now() - fold) / 1000;
  console.log(
    `  folded ${folded.toLocaleString('en')} pending product rows: ${foldSeconds.toFixed(1)} s`,
  );
  const [{ items }] = (await db.query(`select count(*)::int as items from order_items`)).rows;
  await timed('vacuum analyze', 'vacuum analyze');

  // the summaries equal a recomputation from the orders
  const [check] = (
    await timed(
      'summaries against a recomputation',
      `select
        (select sum(i.total_usd) from orders o join order_items i on i.order_id = o.id
          where o.paid_at is not null and o.status <> 'cancelled' and i.status <> 'returned')::text as truth_usd,
        (select sum(amount_usd) from sales_daily)::text as daily_usd,
        (select sum(amount_usd) from sales_product_monthly)::text as monthly_usd,
        (select sum(amount_usd) from sales_weekly)::text as weekly_usd,
        (select sum(amount_usd) from sales_product_country_monthly)::text as country_usd,
        (select count(*) from sales_weekly)::int as weekly_rows,
        (select count(*) from sales_product_country_monthly)::int as country_monthly_rows,
        (select count(*) from orders where paid_at is not null and status <> 'cancelled')::int as truth_orders,
        (select sum(orders) from sales_daily)::int as daily_orders,
        (select count(*) from sales_daily)::int as daily_rows,
        (select count(*) from sales_product_daily)::int as product_daily_rows,
        (select count(*) from sales_product_monthly)::int as product_monthly_rows`,
    )
  ).rows;
  console.log(check);
  if (
    check.truth_usd !== check.daily_usd ||
    check.truth_usd !== check.monthly_usd ||
    check.truth_usd !== check.weekly_usd ||
    check.truth_usd !== check.country_usd ||
    check.truth_orders !== check.daily_orders
  )
    throw new Error('the summaries differ from the orders');

  // the viewers: the global admin, the local district admin (AZ and GE), the busiest dealer
  const ids = Object.fromEntries(
    (
      await db.query(
        `select email, id from users where email in ('gd@example.com', 'ld@example.com')`,
      )
    ).rows.map((r) => [r.email, r.id]),
  );
  const [{ dealer_id: busiest }] = (
    await db.query(
      `select dealer_id from sales_daily group by dealer_id order by sum(amount_usd) desc limit 1`,
    )
  ).rows;
  const [gd, ld, d] = await signInDirectly(db, secret, [
    ids['gd@example.com'],
    ids['ld@example.com'],
    busiest,
  ]);
  const viewers = [
    { role: 'gd', token: gd },
    { role: 'ld', token: ld },
    { role: 'd', token: d },
  ];
  const today = bakuToday();
  const ranges = [
    { name: '12 weeks', query: '' },
    { name: '1 year', query: `date_from=${addDays(today, -364)}&date_to=${today}` },
    { name: '3 years', query: `date_from=${addDays(today, -1095)}&date_to=${today}` },
  ];
  const year = Number(today.slice(0, 4));
  const cases = [];
  for (const viewer of viewers) {
    const admin = viewer.role !== 'd';
    for (const range of ranges) {
      if (admin) {
        cases.push({
          viewer,
          route: 'weekly',
          range: range.name,
          url: `/api/statistics/weekly?${range.query}`,
        });
        cases.push({
          viewer,
          route: 'distribution',
          range: range.name,
          url: `/api/statistics/distribution?${range.query}`,
        });
      }
      cases.push({
        viewer,
        route: 'top-products',
        range: range.name,
        url: `/api/statistics/top-products?${range.query}`,
      });
    }
    cases.push({
      viewer,
      route: 'quarter',
      range: String(year - 1),
      url: `/api/statistics/quarter?year=${year - 1}`,
    });
    if (admin) {
      cases.push({
        viewer,
        route: 'weekly/export csv',
        range: '3 years',
        url: `/api/statistics/weekly/export?format=csv&${ranges[2].query}`,
      });
      cases.push({
        viewer,
        route: 'distribution/export xlsx',
        range: '3 years',
        url: `/api/statistics/distribution/export?format=xlsx&${ranges[2].query}`,
      });
    }
    cases.push({
      viewer,
      route: 'quarter/export xlsx',
      range: String(year - 1),
      url: `/api/statistics/quarter/export?format=xlsx&year=${year - 1}`,
    });
  }

  // the orders list on the same orders: its first page, and filtered as the orders page filters
  // (SKU and product name are "contains" searches over the items; one product of 400 each)
  const monthAgo = addDays(today, -30);
  for (const viewer of viewers) {
    for (const [route, range, query] of [
      ['orders', 'all', ''],
      ['orders ?sku', 'all', 'sku=bench-123'],
      ['orders ?product', 'all', `product=${encodeURIComponent('продукт 123')}`],
      ['orders ?date', '30 days', `date_from=${monthAgo}&date_to=${today}`],
    ]) {
      cases.push({ viewer, route, range, url: `/api/orders?page=1&perPage=20&${query}` });
    }
  }

  console.log(`timing ${cases.length} cases × ${RUNS} requests…`);
  const results = [];
  for (const c of cases) {
    const once = async () => {
      const started = performance.now();
      const response = await fetch(`${base}${c.url}`, {
        headers: { authorization: `Bearer ${c.viewer.token}`, 'accept-language': 'en' },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${c.url}: ${response.status}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 3; i++) await once();
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await once());
    times.sort((a, b) => a - b);
    const row = { ...c, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
    results.push(row);
    console.log(
      `  ${c.viewer.role.padEnd(2)} ${c.route.padEnd(26)} ${c.range.padEnd(9)} p50 ${row.p50.toFixed(1)} ms  p95 ${row.p95.toFixed(1)} ms`,
    );
  }
  const isOrdersList = (r) => r.route.startsWith('orders');
  const worst = Math.max(...results.filter((r) => !isOrdersList(r)).map((r) => r.p95));
  const worstList = Math.max(...results.filter(isOrdersList).map((r) => r.p95));
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  const table = results
    .map(
      (r) =>
        `| ${r.viewer.role} | ${r.route} | ${r.range} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`,
    )
    .join('\n');
  const report = `
### Statistics and the orders list at one million order items — ${today}

Machine: ${machine()}. Real PostgreSQL, one server process (built bundle), requests one at a
time over HTTP, ${RUNS} timed after 3 warm-up per case; load average at the end ${load}.
Command: \`npm run bench -- statistics\`. Data: ${items.toLocaleString('en')} order items in
${orderCount.toLocaleString('en')} orders over two years (200 dealers in 10 countries, 400 products,
4 % of the orders cancelled after payment, 1 % of the items returned), generated with
generate_series in ${generationSeconds.toFixed(0)} s through the summary triggers (the bulk load's
${folded.toLocaleString('en')} pending product rows folded in ${foldSeconds.toFixed(0)} s; a server folds every 2 s);
the summaries were checked equal to a recomputation (rows: sales_daily
${check.daily_rows.toLocaleString('en')}, sales_weekly ${check.weekly_rows.toLocaleString('en')},
sales_product_daily ${check.product_daily_rows.toLocaleString('en')}, sales_product_monthly
${check.product_monthly_rows.toLocaleString('en')}, sales_product_country_monthly
${check.country_monthly_rows.toLocaleString('en')}). The local district admin sees 2 of the 10
countries; the dealer is the one with the most sales. Target: every statistics answer under
${TARGET_MS} ms. The orders list rows filter as the orders page does: \`sku=bench-123\` and
\`product=продукт 123\` (one product of 400, "contains" searches), the last 30 days.

| role | route | range | p50 ms | p95 ms | max ms |
| --- | --- | --- | ---: | ---: | ---: |
${table}

Worst p95 of the statistics: ${worst.toFixed(1)} ms (${worst < TARGET_MS ? 'under' : 'OVER'} the ${TARGET_MS} ms target).
Worst p95 of the orders list (first page of 20, with its total): ${worstList.toFixed(1)} ms.
`;
  console.log(report);
  if (!process.env.BENCH_DRY) appendFileSync(path.join(root, 'bench/RESULTS.md'), report);
} finally {
  await db.end().catch(() => {});
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${dbName} with (force)`);
  await cleanup.end();
}
