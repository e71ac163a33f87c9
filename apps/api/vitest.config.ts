import { defineConfig } from 'vitest/config';
import { databaseTestProjects } from '@post/db/test-projects';

// Every API test runs twice: on PostgreSQL (TEST_DATABASE_URL, else one container for the run)
// and on PGlite; see packages/db/src/test-projects.ts.
export default defineConfig(async () => ({
  test: {
    projects: await databaseTestProjects(),
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
}));
