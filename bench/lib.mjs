// Shared helpers for the benchmarks: start processes, wait for them, run autocannon.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
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
