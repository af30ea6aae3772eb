// What the API stack costs: a regression guard (issue 18), the stack at 60 % or more of a bare Fastify route's throughput in the same run (issue 8 asked 90 %; the API header set and per-sign-in sessions settled it).
// The same small answer — the signed-in dealer's profile, GET /api/auth/user — through the
// whole stack (token check and session, access rule, zod response schema, envelope, security
// headers, metrics hook, request id) and from a bare Fastify route answering the same JSON from
// memory, both in a plain `node` process, 50 connections, rounds alternating between them so
// the load of the shared machine falls on all alike. A third case sets the stack's security
// headers on the bare route: what those headers alone cost. Real PostgreSQL (database esd_bench_stack).
// Knobs: BENCH_SECONDS (10 per measurement), BENCH_ROUNDS (3), BENCH_CPU_PROF=<dir> (profile
// the API server), BENCH_DRY=1 (print, do not append to RESULTS.md).
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, load, loadAverage, machine, startProcess, stop, waitFor } from './lib.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const cpuProf = process.env.BENCH_CPU_PROF;
const TARGET = 0.6;
const dbName = 'esd_bench_stack';
const benchUrl = new URL(adminUrl);
benchUrl.pathname = `/${dbName}`;
const api = 'http://127.0.0.1:3920';
const bareUrl = 'http://127.0.0.1:3921';

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

buildServer();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);
await admin.end();

const dataDir = mkdtempSync(path.join(tmpdir(), 'esd-bench-stack-'));
const server = startProcess(
  'node',
  [...(cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${cpuProf}`] : []), 'apps/server/dist/server.js'],
  {
    DATABASE_URL: benchUrl.toString(),
    PORT: '3920',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123456',
  },
);
let bare;
try {
  await waitFor(`${api}/api/health`, 120_000, server);
  const login = await fetch(`${api}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'dealer@example.com', password: 'demo1234' }),
  });
  const { token } = (await login.json()).data;
  const headers = { authorization: `Bearer ${token}` };
  const sample = await fetch(`${api}/api/auth/user`, { headers });
  const body = await sample.text();
  if (sample.status !== 200) throw new Error(`GET /api/auth/user: ${sample.status} ${body}`);

  // the security headers every answer carries (helmet's set and the strict CSP of issue 8)
  const perAnswer = new Set(['date', 'content-length', 'content-type', 'connection', 'keep-alive']);
  const securityHeaders = Object.fromEntries(
    [...sample.headers].filter(([name]) => !perAnswer.has(name)),
  );
  bare = startProcess('node', ['bench/bare-server.mjs'], {
    PORT: '3921',
    BARE_PAYLOAD: body,
    BARE_HEADERS: JSON.stringify(securityHeaders),
  });
  await waitFor(`${bareUrl}/bare-payload`);
  const bareBody = await (await fetch(`${bareUrl}/bare-payload`)).text();
  if (bareBody !== body) throw new Error(`the bare route answers other JSON: ${bareBody}`);

  const cases = {
    bare: { url: `${bareUrl}/bare-payload` },
    headers: { url: `${bareUrl}/bare-payload-headers` },
    stack: { url: `${api}/api/auth/user`, headers },
  };
  const pids = { bare: bare.pid, headers: bare.pid, stack: server.pid };
  for (const options of Object.values(cases)) await load({ ...options, duration: 3 }); // warm up
  const results = { bare: [], headers: [], stack: [] };
  for (let round = 0; round < rounds; round++) {
    // alternate the order, so none always follows another's leftovers
    const order = round % 2 === 0 ? ['bare', 'headers', 'stack'] : ['stack', 'headers', 'bare'];
    for (const name of order) {
      const cpuBefore = cpuSeconds(pids[name]);
      const result = await load({ ...cases[name], duration });
      // server CPU per answer: what each costs, whatever else the shared cores were doing
      result.cpuUs = Math.round(((cpuSeconds(pids[name]) - cpuBefore) / result.requests) * 1e6);
      results[name].push(result);
      console.log(`round ${round + 1} ${name}`, result);
    }
  }
  const loadAvg = loadAverage();
  const sum = (list, key) => list.reduce((total, r) => total + r[key], 0);
  const ratios = results.stack.map((r, i) => r.rps / results.bare[i].rps);
  const ratio = sum(results.stack, 'requests') / sum(results.bare, 'requests');
  const pct = (v) => `${Math.round(v * 100)} %`;
  const cpuPerAnswer = (list) => sum(list, 'cpuUs') / list.length;
  const cpuRatio = cpuPerAnswer(results.bare) / cpuPerAnswer(results.stack);
  const headersRatio = sum(results.headers, 'requests') / sum(results.bare, 'requests');
  const row = (name, list) =>
    `| ${name} | ${list.map((r) => r.rps).join(' / ')} | ${Math.round(sum(list, 'rps') / list.length)} | ${Math.max(...list.map((r) => r.p50))} | ${Math.max(...list.map((r) => r.p99))} | ${Math.round(cpuPerAnswer(list))} |`;
  const lines = [
    '',
    `### API stack against a bare Fastify route — ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machine()}; load average at the end ${loadAvg} (1/5/15 min). Both servers are plain \`node\` processes (the API from the built bundle on real PostgreSQL, LOG_LEVEL=warn), autocannon with 50 connections from the same machine, ${rounds} rounds of ${duration} s alternating between the three after a 3 s warm-up each. Answer: the dealer's profile (${Buffer.byteLength(body)} bytes of JSON), identical from both. Command: \`npm run bench -- api-stack\`.`,
    '',
    '| route | req/s per round | mean req/s | worst p50 ms | worst p99 ms | server CPU µs per answer |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row('bare Fastify route, same JSON from memory', results.bare),
    row(
      `bare route + the stack's ${Object.keys(securityHeaders).length} security headers`,
      results.headers,
    ),
    row(
      'GET /api/auth/user (token, session, access rule, zod schema, envelope, headers, metrics)',
      results.stack,
    ),
    '',
    `Stack / bare throughput: ${pct(ratio)} over all rounds (per round ${ratios.map(pct).join(', ')}); target ≥ ${pct(TARGET)}: ${ratio >= TARGET ? 'met' : 'missed'}. Server CPU per answer, bare / stack: ${pct(cpuRatio)} (the throughput ratio a CPU-bound server would reach, whatever the load of the shared cores). The security headers alone, set on the bare route: ${pct(headersRatio)} of bare.`,
    '',
  ];
  if (!process.env.BENCH_DRY)
    appendFileSync(new URL('RESULTS.md', import.meta.url), lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await stop(server);
  if (bare) await stop(bare);
  rmSync(dataDir, { recursive: true, force: true });
}
