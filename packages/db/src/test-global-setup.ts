import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbedded } from './embedded.ts';
import { dockerUnavailable, HOW_TO_ENABLE, startTestPostgres } from './test-container.ts';
import type {} from './testing.ts'; // declares the provided `testPostgresUrl`

// Vitest global setup of every package's database tests (decisions 0015 and 0057): one
// PostgreSQL server for the whole vitest run, its URL handed to the test files with `provide`
// (createTestDb makes a fresh database in it per file). Which server:
// - TEST_DATABASE_URL when set (createTestDb reads it; nothing is started);
// - else one container when a Docker engine answers (CI, REQUIRE_POSTGRES=1 insists on it);
// - else, or with TEST_PG=embedded, the embedded PostgreSQL the app itself runs, in a
//   temporary directory (it starts in about a second, a container in many).
// A container is removed when the run ends: by the teardown below after a normal run (passed
// or failed), and by the reaper (test-pg-reaper.ts) when the run is interrupted, since vitest
// exits at once on SIGINT/SIGTERM without calling teardowns. The embedded server is a child of
// the run and is stopped with it (startEmbedded stops it when the process exits).

export default async function setup(project: Pick<TestProject, 'provide'>): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) return async () => undefined;
  const started = Date.now();
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
  const noDocker = process.env.TEST_PG === 'embedded' ? 'TEST_PG=embedded' : await dockerUnavailable();
  if (noDocker === null) {
    const server = await startTestPostgres({ forTests: true });
    project.provide('testPostgresUrl', server.url);
    console.log(`PostgreSQL for the tests: container ${server.id.slice(0, 12)} (${server.image}), ready in ${seconds()} s`);
    return () => server.stop();
  }
  if (process.env.REQUIRE_POSTGRES) {
    throw new Error(`REQUIRE_POSTGRES is set but there is no TEST_DATABASE_URL and no Docker engine (${noDocker}); ${HOW_TO_ENABLE}.`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'post-test-pg-'));
  // As root, PostgreSQL runs as the `postgres` account, which must be able to enter the directory.
  chmodSync(dir, 0o711);
  try {
    const server = await startEmbedded({
      dataDir: dir,
      noSync: true,
      // Throwaway data: no need to survive a crash, and a database per file is the bulk of the work.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
    });
    project.provide('testPostgresUrl', server.url);
    console.log(`PostgreSQL for the tests: embedded in ${dir} (${noDocker}), ready in ${seconds()} s`);
    return async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
