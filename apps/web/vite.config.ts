import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import type { Plugin } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * The entry script and its modulepreloads are fetched at low priority. The page is
 * server-rendered with its CSS inline, so the first paint needs only the HTML; at the default
 * (high) priority Lighthouse counts the scripts as render-blocking whenever the browser happens
 * to paint after fetching them. Measured (bench:web, before): observed first paint 105-215 ms in
 * every run, yet the simulated FCP/LCP came out either 0.85-0.92 s or 2.3-2.4 s (perf 94-96)
 * depending on that order, on /events, /news, /QRG and /login. Figures after: README, Performance.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'post:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`),
    },
  };
}

export default defineConfig({
  // The router plugin first: it splits each route's component into its own chunk (autoCodeSplitting).
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), lowPriorityScripts()],
  // tRPC's client stays shared with the API in server rendering: its in-process link throws
  // that module's TRPCClientError, which the app recognises with instanceof.
  ssr: { noExternal: true, external: ['@trpc/client', '@trpc/server'] },
  server: {
    port: 5173,
    proxy: { '/api': api, '/trpc': api, '/healthz': api, '/readyz': api },
  },
  build: {
    target: 'es2022',
    // Every browser of that target supports <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // Read by the bundle budget test to find each route's chunks.
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      onwarn(warning, warn) {
        // Radix and sonner mark their modules "use client" for React Server Components; a
        // client bundle has nothing to do with it, and otherwise each file prints a warning.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
        warn(warning);
      },
    },
  },
});
