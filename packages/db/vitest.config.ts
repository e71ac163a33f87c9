import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Every database test runs on PostgreSQL: TEST_DATABASE_URL, else one container for the run,
// else the embedded server (src/test-global-setup.ts, decision 0057).
export default defineConfig({
  test: {
    globalSetup: [path.join(import.meta.dirname, 'src/test-global-setup.ts')],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
