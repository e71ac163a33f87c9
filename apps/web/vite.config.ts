import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

// The app is written against React's API and runs on Preact (preact/compat), in the browser
// and in server rendering alike: React's DOM renderer alone is ~64 KB gzip, Preact's ~11 KB,
// which is what brings a public route's first JavaScript under its budget (issue 7).
const preact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
];

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), tailwindcss()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: preact, dedupe: ['preact'] },
  // Bundle the dependencies into the server-rendering build too, so the aliases reach the
  // libraries (router, query, Radix) and the server renders with the same Preact. tRPC's
  // client stays shared with the API: its in-process link throws that module's
  // TRPCClientError, which the app recognises with instanceof.
  ssr: { noExternal: true, external: ['@trpc/client', '@trpc/server'] },
  server: {
    port: 5173,
    proxy: { '/api': api, '/trpc': api, '/healthz': api, '/readyz': api },
  },
  build: {
    target: 'es2022',
    // Read by the bundle budget test to find each route's chunks.
    manifest: true,
    sourcemap: false,
  },
});
