// Shared helpers for the benchmarks: start processes, wait for them, run autocannon.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';

export const root = new URL('..', import.meta.url).pathname;

export const machine = () =>
  `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** 1/5/15-minute load averages, e.g. "1.2 / 0.9 / 0.7": the cores are shared with other work. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(1))
    .join(' / ');

/** Builds apps/server/dist/server.js from the current source, so no run measures a stale bundle. */
export const buildServer = () => {
  console.log('building the server bundle…');
  execFileSync(process.execPath, ['build.mjs'], {
    cwd: new URL('../apps/server', import.meta.url),
  });
};

export const startProcess = (command, args, env = {}) => {
  const child = spawn(command, args, {
    cwd: root,
    // benchmarks measure the portal, not the central bank: no daily rate fetch, no noon mail
    env: { CBAR_RATES_URL: 'off', RATE_DUE_AT: 'off', ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (chunk) => process.stderr.write(chunk));
  return child;
};

/** Waits until `url` answers 2xx; with `child`, fails as soon as that process has exited
 * (another process on the port would otherwise answer in its place). */
export const waitFor = async (url, timeoutMs = 120_000, child = undefined) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the server exited first`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer`);
};

export const stop = async (child) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
};

/** Runs autocannon and returns requests/s and latency percentiles (ms). */
export const load = async ({ url, connections = 50, duration = 10, headers = {} }) => {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
};

const b64 = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Signs users in without their passwords, as apps/server/src/lib/tokens.ts would after a
 * password sign-in: one sign-in session row each (auth_sessions, 12 hours) and an HS256 token
 * naming it (iss/aud, sv, prv, sid). `db` is a pg client on the bench database; `secret` the
 * server's JWT_SECRET. Answers a token per user id, in order.
 */
export const signInDirectly = async (db, secret, userIds) => {
  const { rows } = await db.query(
    `insert into auth_sessions (user_id, provider, expires_at)
     select id, 'password', now() + interval '12 hours' from unnest($1::int[]) with ordinality u(id, n)
     order by n
     returning id, user_id, (select session_version from users where users.id = user_id) as sv`,
    [userIds],
  );
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  const now = Math.floor(Date.now() / 1000);
  return userIds.map((userId) => {
    const session = byUser.get(userId);
    const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
      sv: session.sv,
      prv: 'password',
      sid: session.id,
      sub: String(userId),
      iss: 'esd-portal',
      aud: 'esd-portal-api',
      iat: now,
      exp: now + 3600,
    })}`;
    return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
  });
};

/** CPU seconds (user + system) of a process so far, from /proc (Linux); 0 once it is gone. */
export const processCpuSeconds = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
};

/**
 * What one bare answer costs in this sitting (issue 35): server CPU µs per answer of a bare
 * Fastify route (bench/bare-server.mjs) answering `payload` (JSON text; a dealer's profile, as
 * bench/api-stack.mjs compares with) from memory, under autocannon with 50 connections for
 * `seconds` after a 2 s warm-up. Costs measured in bare answers read the same on a slower or a
 * faster host.
 */
export const bareAnswerCost = async ({ payload, port = 3939, seconds = 5 }) => {
  const bare = startProcess('node', ['bench/bare-server.mjs'], {
    PORT: String(port),
    BARE_PAYLOAD: payload,
  });
  try {
    const url = `http://127.0.0.1:${port}/bare-payload`;
    await waitFor(url, 30_000, bare);
    await load({ url, duration: 2 });
    const before = processCpuSeconds(bare.pid);
    const result = await load({ url, duration: seconds });
    return ((processCpuSeconds(bare.pid) - before) / result.requests) * 1e6;
  } finally {
    await stop(bare);
  }
};

/**
 * The portal on a production web build, for the browser benches (lighthouse, main-thread):
 * builds the web app into a temporary folder unless `webDist` names one (another commit's
 * build, to compare in turns), builds the server bundle and starts it on a fresh DATA_DIR
 * (migrations and demo data). Returns the base URL and `close()`.
 */
export const startPortalWithWeb = async ({ port, webDist }) => {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const path = await import('node:path');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'esd-web-bench-'));
  const dist = webDist ?? path.join(dataDir, 'web');
  if (!webDist) {
    console.log('building the web app…');
    execFileSync(
      'npx',
      ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
    );
  }
  buildServer();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess('node', ['apps/server/dist/server.js'], {
    WEB_DIST: dist,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  server.stdout.on('data', () => {});
  await waitFor(`${base}/api/health`, 600_000, server);
  return {
    base,
    close: async () => {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

// Chromium's flags of e2e/playwright.config.ts (chromiumArgs), which a plain script cannot import.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Signs in as the demo dealer through the login page of a Playwright `page` (the app keeps its
 * session in localStorage), in English, and puts two demo products in the basket with the
 * page's own session, so checkout has lines to show.
 */
export const signInDemoDealer = async (page, base) => {
  await page.goto(`${base}/pages/login`);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.getByLabel('Email').fill('dealer@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/pages\/products/);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const filled = await page.evaluate(async () => {
    const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
    const list = await fetch('/api/products?perPage=2', { headers }).then((r) => r.json());
    const added = [];
    for (const product of list.data.items) {
      added.push((await fetch(`/api/basket/add/${product.id}/1/2`, { headers })).status);
    }
    return added;
  });
  if (filled.length === 0 || filled.some((status) => status !== 200)) {
    throw new Error(`could not fill the basket: ${filled.join(', ')}`);
  }
};
