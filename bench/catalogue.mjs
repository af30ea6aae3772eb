// Catalogue list and search throughput and latency with 100,000 products on real PostgreSQL
// (issue 8: list p99 ≤ 50 ms at 50 connections), against bare Fastify routes in the same run.
// Needs BENCH_DATABASE_URL (a server where it may create and drop the database esd_bench),
// defaults to the local PostgreSQL. BENCH_DB=pglite runs the server on its embedded PGlite
// instead, with the seeded demo catalogue only (PGlite lives inside the server process, so
// nothing else can add rows while it runs; no same-SQL baseline). Knobs: BENCH_SECONDS
// (10 per route), BENCH_DRY=1 (print, do not append to RESULTS.md).
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, load, loadAverage, machine, startProcess, stop, waitFor } from './lib.mjs';

const kind = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = kind === 'pglite' ? 0 : Number(process.env.BENCH_PRODUCTS ?? 100_000);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const benchUrl = new URL(adminUrl);
benchUrl.pathname = '/esd_bench';

buildServer();
const dataDir = mkdtempSync(path.join(tmpdir(), 'esd-bench-catalogue-'));
if (kind === 'postgres') {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists esd_bench with (force)');
  await admin.query('create database esd_bench');
  await admin.end();
}

const env = {
  ...(kind === 'postgres' ? { DATABASE_URL: benchUrl.toString() } : {}),
  DATA_DIR: dataDir,
  PORT: '3900',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123456',
};
const startServer = async () => {
  const child = startProcess('node', ['apps/server/dist/server.js'], env);
  // migrating and seeding PGlite takes a while on a busy machine
  await waitFor('http://127.0.0.1:3900/api/health', 300_000, child);
  return child;
};

/** 100,000 generated products (by default) straight into PostgreSQL, then vacuumed. */
const generateProducts = async () => {
  const db = new pg.Client({ connectionString: benchUrl.toString() });
  await db.connect();
  console.log(`generating ${PRODUCTS} products…`);
  // a bulk load: the per-row category count trigger (100,000 updates of 8 rows) would take
  // minutes, so it is off for the insert and the counts are recomputed once, as an import would
  await db.query('alter table products disable trigger products_keep_category_count');
  await db.query(`
    insert into products (sku, title_en, title_ru, title_az, description_en, category_id, provider_id, dealer_price, unit_price)
    select 'GEN-' || g,
      (array['Antivirus','Office','Backup','Design','Server','Cloud'])[1 + g % 6] || ' Suite ' || g || ' — 1 year',
      'Пакет ' || g, 'Paket ' || g,
      'Generated product for the benchmark.',
      (select id from categories order by id limit 1 offset (g % 8)),
      1, (50 + g % 500)::numeric(14,2), (60 + g % 600)::numeric(14,2)
    from generate_series(1, ${PRODUCTS}) g`);
  await db.query('alter table products enable trigger products_keep_category_count');
  await db.query(`update categories c set active_products =
    (select count(*) from products p where p.category_id = c.id and p.is_active)`);
  await db.query('vacuum analyze categories');
  await db.query('vacuum analyze products');
  await db.end();
};

const server = await startServer();
const bare = startProcess('node', ['bench/bare-server.mjs'], {
  PORT: '3901',
  ...(kind === 'postgres' ? { DATABASE_URL: benchUrl.toString() } : {}),
});
try {
  await waitFor('http://127.0.0.1:3901/bare');
  if (kind === 'postgres') await generateProducts();

  const login = await fetch('http://127.0.0.1:3900/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dealer@example.com', password: 'demo1234' }),
  });
  const { token } = (await login.json()).data;
  const auth = { authorization: `Bearer ${token}` };
  const listed = await (
    await fetch('http://127.0.0.1:3900/api/products', { headers: auth })
  ).json();
  const activeProducts = listed.data.total;

  const runs = [
    ['bare Fastify route, page from memory', { url: 'http://127.0.0.1:3901/bare' }],
    ...(kind === 'postgres'
      ? [
          [
            'bare Fastify route, same page and count queries with plain pg',
            { url: 'http://127.0.0.1:3901/bare-db' },
          ],
        ]
      : []),
    [
      'GET /api/products (page 1, by title)',
      { url: 'http://127.0.0.1:3900/api/products', headers: auth },
    ],
    [
      'GET /api/products?page=50&sort=price_asc',
      { url: 'http://127.0.0.1:3900/api/products?page=50&sort=price_asc', headers: auth },
    ],
    [
      'GET /api/products?q=suite 12',
      { url: 'http://127.0.0.1:3900/api/products?q=suite%2012', headers: auth },
    ],
    [
      'GET /api/products?q=kaspersky',
      { url: 'http://127.0.0.1:3900/api/products?q=kaspersky', headers: auth },
    ],
  ];
  const results = [];
  for (const [name, options] of runs) {
    await load({ ...options, duration: 2 }); // warm up
    const result = await load({ ...options, duration });
    results.push([name, result]);
    console.log(name, result);
  }
  const bareRps = results[0][1].rps;
  const bareDbRps = kind === 'postgres' ? results[1][1].rps : undefined;
  const pct = (v) => `${Math.round(v * 100)} %`;
  const lines = [
    '',
    `### Catalogue list and search on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machine()}; load average at the end ${loadAverage()} (1/5/15 min). ${kind === 'postgres' ? 'Real PostgreSQL' : 'Embedded PGlite (the server without DATABASE_URL)'}, ${activeProducts.toLocaleString('en')} active products (${kind === 'postgres' ? `${PRODUCTS.toLocaleString('en')} generated + the demo catalogue` : 'the seeded demo catalogue'}), 50 connections, ${duration} s each after a 2 s warm-up, dealer token. Command: \`${kind === 'pglite' ? 'BENCH_DB=pglite ' : ''}npm run bench -- catalogue\`.`,
    '',
    `| route | req/s | vs bare (memory) |${bareDbRps ? ' vs bare (same SQL) |' : ''} p50 ms | p99 ms |`,
    `| --- | ---: | ---: |${bareDbRps ? ' ---: |' : ''} ---: | ---: |`,
    ...results.map(
      ([name, r]) =>
        `| ${name} | ${r.rps} | ${pct(r.rps / bareRps)} |${bareDbRps ? ` ${pct(r.rps / bareDbRps)} |` : ''} ${r.p50} | ${r.p99} |`,
    ),
    '',
  ];
  if (!process.env.BENCH_DRY)
    appendFileSync(new URL('RESULTS.md', import.meta.url), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await stop(server);
  await stop(bare);
  rmSync(dataDir, { recursive: true, force: true });
}
