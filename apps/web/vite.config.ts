import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption, version as viteVersion } from 'vite';

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

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';

const chartModules =
  /[\\/]node_modules[\\/](recharts|@mantine[\\/]charts|victory-vendor|d3-[\w-]+|internmap|@reduxjs|redux|redux-thunk|immer|reselect|react-redux|decimal\.js-light|es-toolkit|eventemitter3)[\\/]/;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [reactPlugins()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
    rollupOptions: {
      output: {
        // Vendor code changes rarely: keep it apart from our route chunks so it stays cached.
        manualChunks: (id) => {
          if (!id.includes('node_modules')) return undefined;
          // Charts (recharts and what only it uses) load with the pages that draw one.
          if (chartModules.test(id)) return 'charts';
          // Date pickers (and dayjs) load with the pages that filter by date (orders).
          if (/[\\/](@mantine[\\/]dates|dayjs)[\\/]/.test(id)) return 'dates';
          if (id.includes('@mantine') || id.includes('@floating-ui')) return 'mantine';
          if (id.includes('oidc-client-ts') || id.includes('jwt-decode')) return 'oidc';
          if (id.includes('/zod/')) return 'zod';
          return 'vendor';
        },
      },
    },
  },
});
