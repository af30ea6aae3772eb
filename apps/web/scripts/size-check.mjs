// Checks what pages load before their first render, from the build manifest and source maps.
// 1. Initial JavaScript of the login page, the product list, the orders and checkout, gzip:
// what index.html loads and modulepreloads, plus the chunks those pages load before their
// first render (layout and page chunks, the English locale chunk). Runs in `npm test` after the
// e2e step, whose server start builds apps/web/dist when it is stale.
// 2. The pages that render with the start-up translations only use no other feature's keys.
//   node apps/web/scripts/size-check.mjs [distDir] [--list]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Issue 35's targets: sign-in ≤ 150 KB, product list ≤ 200 KB. Met by running React's API on
// Preact (vite.config.ts: react-dom alone was ~60 KB of the entry), by loading the header menus,
// an order's detail and Mantine's Combobox, Popover and floating-ui only when used (native
// selects on these first screens), and the navbar scrolling without Mantine's ScrollArea.
// Each ceiling sits a little above what the page loads now (sign-in, products, orders, checkout
// measured 138.5 / 181.8 / 244.8 / 196.0 KB after issue 35, against 197.1 / 282.1 / 359.0 /
// 269.7 KB on React before it), so that any growth fails here; lower a ceiling whenever a page
// gets lighter. Orders and checkout have no size target of their own; they are here because
// Lighthouse measures them (bench/lighthouse.mjs).
const TARGET_KB = { login: 150, products: 200 };
const BUDGET_KB = { login: 141, products: 184, orders: 247, checkout: 198 };
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
  orders: ['src/app/layout/app-layout.tsx', 'src/app/routes/orders.tsx'],
  checkout: ['src/app/layout/app-layout.tsx', 'src/app/routes/checkout.tsx'],
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

/**
 * A page or layout module that another lazy chunk also imports statically (app-layout.tsx: the
 * starred menu shares the shell's starred-pages query) is listed under its chunk's name,
 * `_app-layout-<hash>.js`, rather than under its source path.
 */
const sharedKey = (id) => {
  const name = path.basename(id).replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find(
    (key) =>
      key.startsWith(`_${name}-`) && manifest[key].name === name && manifest[key].isDynamicEntry,
  );
};

/** The chunk of a manifest entry and every chunk it imports statically, transitively. */
const withStaticImports = (id, files = new Set()) => {
  const chunk = manifest[id] ?? manifest[sharedKey(id)];
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
  const ok = total <= BUDGET_KB[page] && total <= (TARGET_KB[page] ?? Infinity);
  failed ||= !ok;
  const target = TARGET_KB[page]
    ? `target ≤ ${TARGET_KB[page]} KB ${total <= TARGET_KB[page] ? 'met' : 'MISSED'}`
    : 'no target of its own';
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${page}: ${total.toFixed(1)} KB gzip of initial JavaScript in ${rows.length} files (ceiling ${BUDGET_KB[page]} KB; issue 35 ${target})`,
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

// The pages router.tsx renders with the start-up translations only (startupPages): the other
// features' keys arrive after their first render, so any such key in their code would show raw.
const startupFeatures = [
  ...readFileSync(path.join(webDir, 'src/app/i18n-startup.ts'), 'utf8').matchAll(
    /^ {2}'([\w-]+)',$/gm,
  ),
].map((match) => match[1]);
const laterFeatures = readdirSync(path.join(webDir, 'src/features')).filter(
  (feature) => !startupFeatures.includes(feature),
);
if (startupFeatures.length === 0 || laterFeatures.length === 0) {
  throw new Error('size-check: could not read STARTUP_FEATURES in src/app/i18n-startup.ts');
}
const laterKey = new RegExp(`['"\`]((?:${laterFeatures.join('|')})\\.[\\w.]+)`, 'g');
const publicLayout = 'src/app/layout/public-layout.tsx';
const appLayout = 'src/app/layout/app-layout.tsx';
const startupPages = {
  login: [publicLayout, 'src/app/routes/login.tsx'],
  forgotPassword: [publicLayout, 'src/app/routes/forgot-password.tsx'],
  resetPassword: [publicLayout, 'src/app/routes/reset-password.tsx'],
  becomePartner: [publicLayout, 'src/app/routes/become-a-partner.tsx'],
  products: [appLayout, 'src/app/routes/products.tsx'],
  product: [appLayout, 'src/app/routes/product.tsx'],
};
const misplaced = [];
for (const [page, ids] of Object.entries(startupPages)) {
  const files = withStaticImports(entry);
  for (const id of ids) withStaticImports(id, files);
  for (const file of files) {
    const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), 'utf8'));
    map.sources.forEach((source, i) => {
      if (source.includes('node_modules')) return;
      for (const [, key] of (map.sourcesContent?.[i] ?? '').matchAll(laterKey)) {
        misplaced.push(`${page}: ${key} in ${source.replace(/^.*?\b(apps|packages)\//, '$1/')}`);
      }
    });
  }
}
if (misplaced.length > 0) {
  console.error(
    `size-check: pages rendered with the start-up translations use other features' keys; add the feature to src/app/i18n-startup.ts or take the page out of startupPages in src/app/router.tsx:\n  ${[...new Set(misplaced)].join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `ok   ${Object.keys(startupPages).length} pages rendered with the start-up translations (${startupFeatures.join(', ')}) use no other feature's keys`,
);
