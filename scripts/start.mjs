// `npm start`: builds what is missing or out of date, then runs the server (which migrates,
// loads the demo data once, and serves the web app and the API on one port).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

const newestMtime = (entry) => {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(entry).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(entry, name))),
    info.mtimeMs,
  );
};

const isStale = (output, inputs) =>
  !existsSync(output) || inputs.some((input) => newestMtime(input) > statSync(output).mtimeMs);

const build = (workspace) => {
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const shared = at('packages/shared/src');
if (
  isStale(at('apps/web/dist/index.html'), [
    at('apps/web/src'),
    at('apps/web/index.html'),
    at('apps/web/public'),
    at('apps/web/vite.config.ts'),
    shared,
  ])
) {
  build('@esd/web');
}
if (isStale(at('apps/server/dist/server.js'), [at('apps/server/src'), shared])) {
  build('@esd/server');
}
process.env.NODE_ENV ??= 'production';
// The loopback demo: the README's accounts sign in with the password alone, so second factors
// are required of nobody unless MFA_REQUIRED_ROLES says otherwise (the start banner says so).
// A server others can reach keeps the default: global and local admins need a second factor.
const host = process.env.HOST || '127.0.0.1';
const isLoopback = host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
if (
  isLoopback &&
  !['false', '0'].includes(process.env.SEED_DEMO ?? '') &&
  !process.env.MFA_REQUIRED_ROLES
) {
  process.env.MFA_REQUIRED_ROLES = 'none';
}
await import(pathToFileURL(at('apps/server/dist/server.js')).href);
