import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig(({ isSsrBuild }) => ({
  // The router plugin first: it splits each route's component into its own chunk (autoCodeSplitting).
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The admin area's loaders (their reads come with the page's shell) in chunks of their own, as
      // its pages' components are: a visitor's page does not carry them (decision 0103).
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId.startsWith('/admin') ? [['component'], ['errorComponent'], ['notFoundComponent'], ['loader']] : undefined),
      },
    }),
    react(),
    tailwindcss(),
    // The admin area's service worker (decision 0084): built from src/sw.ts with the list of the
    // app's code to keep; registered by the admin area itself, never by a public page.
    isSsrBuild
      ? null
      : VitePWA({
          strategies: 'injectManifest',
          srcDir: 'src',
          filename: 'sw.ts',
          injectRegister: false,
          manifest: false,
          scope: '/admin/',
          injectManifest: { globPatterns: ['assets/*.{js,css}'], maximumFileSizeToCacheInBytes: 3_000_000 },
        }),
  ],
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
    // Otherwise Vite's own preloading, for static and dynamic imports alike (decision 0058).
    modulePreload: { polyfill: false },
    // Read by the bundle budget test to find each route's chunks.
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      // The code every page starts with in one file, not split by which route chunks share it: fewer modules to load, no more bytes (decision 0109).
      output: isSsrBuild ? undefined : { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
      onwarn(warning, warn) {
        // Radix and sonner mark their modules "use client" for React Server Components; a
        // client bundle has nothing to do with it, and otherwise each file prints a warning.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
        warn(warning);
      },
    },
  },
}));
