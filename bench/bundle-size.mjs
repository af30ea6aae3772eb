// Gzip size of the JavaScript each page needs: the initial chunks from index.html and each
// route's own lazy chunk, and what each measured page loads before its first render beside its
// ceiling and issue 35's target (sign-in ≤ 150 KB, product list ≤ 200 KB), from
// apps/web/scripts/size-check.mjs. Run after `npm run build -w @esd/web`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);
const initialBytes = initial.reduce((total, file) => total + gz(file), 0);
const chunks = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .map((f) => [f.replace(/-[\w-]{8}\.js$/, ''), gz(`assets/${f}`)])
  .sort((a, b) => b[1] - a[1]);
// What a page loads before its first render (entry, layout, page and locale chunks): the check
// `npm test` runs (apps/web/scripts/size-check.mjs).
const check = spawnSync(process.execPath, [path.join(root, 'apps/web/scripts/size-check.mjs')], {
  encoding: 'utf8',
});
const pages = check.stdout
  .split('\n')
  .filter((line) => /^(ok|FAIL)/.test(line))
  .map((line) => `- ${line.replace(/^(ok|FAIL)\s+/, '')}`);
const lines = [
  '',
  `### Front-end JavaScript (gzip) — ${new Date().toISOString().slice(0, 10)}`,
  '',
  `Entry (index.html script and preloads, every page): **${kb(initialBytes)} KB**. Command: \`npm run bench -- bundle\`.`,
  'Before the first render (entry, layout, page and English locale chunks), beside each ceiling and target:',
  ...pages,
  check.status === 0
    ? '- every page within its ceiling and target'
    : '- **a page is over its ceiling or target** (`npm run test:size`)',
  '',
  '| lazy chunk (route or shared) | KB gzip |',
  '| --- | ---: |',
  ...chunks.slice(0, 25).map(([name, bytes]) => `| ${name} | ${kb(bytes)} |`),
  '',
];
appendFileSync(new URL('RESULTS.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
