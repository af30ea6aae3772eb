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
await import(pathToFileURL(at('apps/server/dist/server.js')).href);
