import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import type { Plugin } from 'vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

/**
 * The page's one script (boot.ts, decision 0055) is fetched at low priority: the page is
 * server-rendered with its CSS inline, so the first paint needs only the HTML, and at the
 * default (high) priority Lighthouse counts a module script as render-blocking whenever the
 * browser happens to paint after fetching it. Measured (bench:web, before): observed first
 * paint 105-215 ms in every run, yet the simulated FCP/LCP came out either 0.85-0.92 s or
 * 2.3-2.4 s (perf 94-96) depending on that order, on /events, /news, /QRG and /login.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'post:low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace(/<script type="module"/g, (tag) => `${tag} fetchpriority="low"`),
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
    // A dynamic import (the app's start from boot.ts, a route's chunk, a lazy component) gets no
    // preload links: the browser fetches the chunk's own imports when it reads it. Vite's
    // helper used to add a <link> per import of each such chunk to the page while the entry ran,
    // and that was the longest part of the entry's task. Measured with bench:web (Lighthouse,
    // median of 3, two rounds alternated, 2026-11-25), TBT with those links, then without:
    // `/` 222, 189 -> 117, 103 ms; /events 952, 486 -> 481, 247 ms; /login 445, 213 -> 88, 30 ms
    // (decision 0048).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
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
