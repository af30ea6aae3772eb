// Initial JavaScript of the login page and the product list, gzip, from the build manifest:
// what index.html loads and modulepreloads, plus the chunks those pages load before their
// first render (layout and page chunks, the English locale chunk). Runs in `npm test` after the
// e2e step, whose server start builds apps/web/dist when it is stale.
//   node apps/web/scripts/size-check.mjs [distDir] [--list]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Issue 8 asks for 170 KB; not reached yet (react-dom, react-router, zod, i18next and the
// Mantine base alone are ~150 KB). Until then each page has a ceiling a little above what it
// loads now, so that any growth fails here; lower a ceiling whenever a page gets lighter.
const TARGET_KB = 170;
const BUDGET_KB = { login: 220, products: 310 };
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(webDir, 'dist'));
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`size-check: ${manifestFile} is missing: build the web app first (vite build).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

// Module ids (keys of the manifest) each page loads before it first renders.
const pages = {
  login: ['src/app/layout/public-layout.tsx', 'src/app/routes/login.tsx'],
  products: ['src/app/layout/app-layout.tsx', 'src/app/routes/products.tsx'],
};
// Loaded at start-up for the default language (en) before the first render: the English
// locale chunk (vite.config.ts groups each language's locale files into one).
const startup = Object.keys(manifest).filter((id) =>
  /(^|\/)locale-en-[\w-]+\.js$/.test(manifest[id].file),
);
if (startup.length === 0) throw new Error('size-check: no locale-en chunk in the manifest');

const gzipKb = new Map();
const sizeOf = (file) => {
  if (!gzipKb.has(file)) {
    const bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipKb.set(file, bytes / 1024);
  }
  return gzipKb.get(file);
};

/** The chunk of a manifest entry and every chunk it imports statically, transitively. */
const withStaticImports = (id, files = new Set()) => {
  const chunk = manifest[id];
  if (!chunk) throw new Error(`size-check: ${id} is not in the manifest (renamed?)`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, files);
  return files;
};

const entry = Object.keys(manifest).find((id) => manifest[id].isEntry);
let failed = false;
for (const [page, ids] of Object.entries(pages)) {
  const files = withStaticImports(entry);
  for (const id of [...startup, ...ids]) withStaticImports(id, files);
  const rows = [...files].map((file) => [file, sizeOf(file)]).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, kb]) => sum + kb, 0);
  const ok = total <= BUDGET_KB[page];
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${page}: ${total.toFixed(1)} KB gzip of initial JavaScript in ${rows.length} files (ceiling ${BUDGET_KB[page]} KB, issue 8 target ${TARGET_KB} KB)`,
  );
  if (!ok || args.includes('--list')) {
    for (const [file, kb] of rows) console.log(`       ${kb.toFixed(1).padStart(6)} KB  ${file}`);
  }
}
if (failed) {
  console.error(
    'size-check: a page grew over its ceiling. Keep heavy code out of the entry and the shell (see the chunks above).',
  );
  process.exit(1);
}
