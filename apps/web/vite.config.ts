import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
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
