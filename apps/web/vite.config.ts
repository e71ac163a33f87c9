import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
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

// Public pages hydrate with the app (src/start.tsx) and the public routes' chunks, nearly every
// function of which runs while the page loads. V8 compiles a function lazily, on the main
// thread, the first time it runs: on a slow phone that was a large share of each start-up
// task. The explicit compile hint at the top of those chunks (Chrome 136+; other browsers read
// a comment) has V8 compile them whole on a background thread while they download.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const PUBLIC_ROUTE = /\/src\/routes\/(?!admin|member)[^?]*\.tsx(\?|$)/;

function compileHints(): Plugin {
  return {
    name: 'post:compile-hints',
    apply: 'build',
    applyToEnvironment: (env) => env.config.consumer === 'client',
    // Once the files are written: Vite's own last steps (the preload map at the top of chunks
    // with dynamic imports) come after every plugin's generateBundle, and the hint must be first.
    writeBundle(options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      const hinted = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || hinted.has(fileName)) return;
        hinted.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of chunks.values()) {
        const id = chunk.facadeModuleId ?? '';
        if (id.endsWith('/src/start.tsx') || PUBLIC_ROUTE.test(id)) visit(chunk.fileName);
      }
      for (const fileName of hinted) writeFileSync(path.join(options.dir!, fileName), COMPILE_HINT + chunks.get(fileName)!.code);
    },
  };
}

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), tailwindcss(), compileHints()],
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
