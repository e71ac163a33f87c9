import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Every API test runs on PostgreSQL: TEST_DATABASE_URL, else one container for the run, else
// the embedded server (packages/db/src/test-global-setup.ts, decision 0057).
export default defineConfig({
  test: {
    globalSetup: [fileURLToPath(import.meta.resolve('@post/db/test-global-setup')), './src/test-tmp-setup.ts'],
    // A file waits on PostgreSQL, argon2 and SMTP much of its time: one worker more than the
    // machine's cores keeps them busy (vitest's default is one fewer; decision 0072).
    maxWorkers: availableParallelism() + 1,
    // Each file makes its own database and app, so a worker's files can share the imported
    // modules instead of importing the whole app once a file (decision 0076).
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
