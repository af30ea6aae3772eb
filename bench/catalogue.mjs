// Catalogue list and search throughput and latency on real PostgreSQL with 100,000 products,
// against a bare Fastify route in the same run. Needs BENCH_DATABASE_URL (a server where it may
// create and drop the database esd_bench), defaults to the local PostgreSQL.
import { appendFileSync } from 'node:fs';
import pg from 'pg';
import { load, machine, root, startProcess, stop, waitFor } from './lib.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const benchUrl = new URL(adminUrl);
benchUrl.pathname = '/esd_bench';

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query('drop database if exists esd_bench with (force)');
await admin.query('create database esd_bench');
await admin.end();

const env = {
  DATABASE_URL: benchUrl.toString(),
  PORT: '3900',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123456',
};
const server = startProcess('node', ['apps/server/dist/server.js'], env);
const bare = startProcess('node', ['bench/bare-server.mjs'], {
  PORT: '3901',
  DATABASE_URL: benchUrl.toString(),
});
try {
  await waitFor('http://127.0.0.1:3900/api/health');
  await waitFor('http://127.0.0.1:3901/bare');
  const db = new pg.Client({ connectionString: benchUrl.toString() });
  await db.connect();
  console.log(`generating ${PRODUCTS} products…`);
  await db.query(`
    insert into products (sku, title_en, title_ru, title_az, description_en, category_id, provider_id, dealer_price, unit_price)
    select 'GEN-' || g,
      (array['Antivirus','Office','Backup','Design','Server','Cloud'])[1 + g % 6] || ' Suite ' || g || ' — 1 year',
      'Пакет ' || g, 'Paket ' || g,
      'Generated product for the benchmark.',
      (select id from categories order by id limit 1 offset (g % 8)),
      1, (50 + g % 500)::numeric(14,2), (60 + g % 600)::numeric(14,2)
    from generate_series(1, ${PRODUCTS}) g`);
  // the count trigger touched every category row 100,000 times: let vacuum settle as it would
  await db.query('vacuum analyze categories');
  await db.query('vacuum analyze products');
  await db.end();

  const login = await fetch('http://127.0.0.1:3900/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dealer@example.com', password: 'demo1234' }),
  });
  const { token } = (await login.json()).data;
  const auth = { authorization: `Bearer ${token}` };

  const runs = [
    ['bare Fastify route, page from memory', { url: 'http://127.0.0.1:3901/bare' }],
    [
      'bare Fastify route, same page and count queries with plain pg',
      { url: 'http://127.0.0.1:3901/bare-db' },
    ],
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
  const bareDbRps = results[1][1].rps;
  const lines = [
    '',
    `### Catalogue list and search — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machine()}. Real PostgreSQL, ${PRODUCTS.toLocaleString('en')} products + demo catalogue, 50 connections, ${duration} s each, dealer token. Command: \`npm run bench -- catalogue\`.`,
    '',
    '| route | req/s | vs bare (memory) | vs bare (same SQL) | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map(
      ([name, r]) =>
        `| ${name} | ${r.rps} | ${Math.round((r.rps / bareRps) * 100)} % | ${Math.round((r.rps / bareDbRps) * 100)} % | ${r.p50} | ${r.p99} |`,
    ),
    '',
  ];
  appendFileSync(new URL('RESULTS.md', import.meta.url), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await stop(server);
  await stop(bare);
  void root;
}
