import { defineConfig } from 'vitest/config';
import { databaseTestProjects } from './src/test-projects.ts';

// Every database test runs twice: on PostgreSQL (TEST_DATABASE_URL, else one container for the
// run) and on PGlite; see src/test-projects.ts.
export default defineConfig(async () => ({
  test: {
    projects: await databaseTestProjects(),
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
}));
