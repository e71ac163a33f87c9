import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every API test runs on PostgreSQL: TEST_DATABASE_URL, else one container for the run, else
// the embedded server (packages/db/src/test-global-setup.ts, decision 0057).
export default defineConfig({
  test: {
    globalSetup: [fileURLToPath(import.meta.resolve('@post/db/test-global-setup'))],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
