import { defineConfig } from 'vitest/config';

// Every API test runs twice: on PostgreSQL (TEST_DATABASE_URL or a container) and on PGlite.
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } },
      { extends: true, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
