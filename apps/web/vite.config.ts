import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption, version as viteVersion } from 'vite';
import { STARTUP_FEATURES } from './src/app/i18n-startup';

/**
 * @vitejs/plugin-react is hoisted to the root next to vitest's vite 8, so it believes it runs on
 * rolldown-vite and hands this vite 7 a rolldown-only refresh plugin that fails every module.
 * Without it the dev server works with full-page reloads instead of React Fast Refresh.
 */
const reactPlugins = (): PluginOption => {
  const plugins = react();
  if (Number(viteVersion.split('.')[0]) >= 8) return plugins as unknown as PluginOption;
  return plugins.filter(
    (plugin) => plugin.name !== 'vite:react:refresh-wrapper',
  ) as unknown as PluginOption;
};

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * Writes `.br` and `.gz` next to each built script and style sheet: the server sends them
 * (@fastify/static `preCompressed`) without compressing on every request.
 */
const precompress = (): PluginOption => ({
  name: 'esd-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    const files = Object.values(bundle).filter(
      (item) => /\.(js|css)$/.test(item.fileName) && !item.fileName.endsWith('.map'),
    );
    await Promise.all(
      files.map(async (item) => {
        const source = item.type === 'chunk' ? item.code : item.source;
        const file = path.join(dir, item.fileName);
        await writeFile(`${file}.gz`, await gzipAsync(source, { level: 9 }));
        await writeFile(
          `${file}.br`,
          await brotliAsync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }),
    );
  },
});

/**
 * The browser runs React's API on Preact (issue 35): react-dom is about 60 KB gzip of every
 * page's first load, preact/compat about 11 KB. `react` itself is src/lib/react-on-preact.ts,
 * preact/compat plus the React 19 pieces Preact lacks (Activity); the type checker still sees
 * @types/react. docs/performance.md has the measurements behind the choice.
 */
const reactOnPreact = [
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('./src/lib/react-on-preact.ts', import.meta.url)),
  },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [reactPlugins(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...reactOnPreact,
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    // The size check (scripts/size-check.mjs, in `npm test`) reads the manifest.
    manifest: true,
    rollupOptions: {
      output: {
        // No vendor lumps: a manual chunk also takes in the dependencies of its modules (a
        // "charts" chunk swallowed all of @mantine/core), and a lump the entry imports loads on
        // every page. Left to Rollup, Mantine components, react-number-format, zod, recharts and
        // dayjs go with the routes that use them, and the entry keeps only what the shell needs.
        // One exception: locale files (JSON, no dependencies) form two chunks per language,
        // loaded for the active language only (app/i18n-resources.ts): locale-<lang> with the
        // common keys and the start-up features' (before the first render), and
        // locale-pages-<lang> with every other feature's (right after). The error codes' words
        // (packages/shared/src/errors/messages-<lang>.ts) join locale-<lang>.
        manualChunks: (id) => {
          // the error codes' words, shared with the server: one module per language
          const errors = /[\\/]shared[\\/]src[\\/]errors[\\/]messages-(en|ru|az)\.ts$/.exec(id);
          if (errors) return `locale-${errors[1]}`;
          const locale = /[\\/](?:features[\\/]([\w-]+)[\\/])?locales[\\/](en|ru|az)\.json$/.exec(
            id,
          );
          if (!locale) return undefined;
          const [, feature, lang] = locale;
          return feature && !STARTUP_FEATURES.includes(feature)
            ? `locale-pages-${lang}`
            : `locale-${lang}`;
        },
      },
    },
  },
});
