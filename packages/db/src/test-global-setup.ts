import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './test-container.ts';
import type {} from './testing.ts'; // declares the provided `testPostgresUrl`

// Vitest global setup of the `postgres` test project (see test-projects.ts), shared by every
// package's database tests: one PostgreSQL container for the whole vitest run, its URL handed
// to the test files with `provide` (createTestDb makes a fresh database in it per file).
// The container is removed when the run ends: by the teardown below after a normal run
// (passed or failed), and by the reaper (test-pg-reaper.ts) when the run is interrupted,
// since vitest exits at once on SIGINT/SIGTERM without calling teardowns.

export default async function setup(project: Pick<TestProject, 'provide'>): Promise<() => Promise<void>> {
  const started = Date.now();
  const server = await startTestPostgres({ forTests: true });
  project.provide('testPostgresUrl', server.url);
  console.log(`PostgreSQL for the tests: container ${server.id.slice(0, 12)} (${server.image}), ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => server.stop();
}
