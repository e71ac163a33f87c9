import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Every database test runs on PostgreSQL: TEST_DATABASE_URL, else one container for the run,
// else the embedded server (src/test-global-setup.ts, decision 0057).
export default defineConfig({
  test: {
    globalSetup: [path.join(import.meta.dirname, 'src/test-global-setup.ts')],
    // Its files wait on PostgreSQL servers and containers most of their time (decision 0072).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
