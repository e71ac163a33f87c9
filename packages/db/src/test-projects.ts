import path from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { dockerUnavailable, HOW_TO_ENABLE } from './test-container.ts';

/**
 * The two vitest projects every database test runs in, for the packages' vitest configs:
 * `pglite`, and `postgres` on TEST_DATABASE_URL if set, else on one container for the run
 * (test-global-setup.ts). Without either, the `postgres` project is left out with one line
 * saying so, never run on PGlite under PostgreSQL's name; with REQUIRE_POSTGRES=1 that is an
 * error instead.
 */
export async function databaseTestProjects(): Promise<TestProjectInlineConfiguration[]> {
  const pglite: TestProjectInlineConfiguration = { extends: true, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } };
  const postgres: TestProjectInlineConfiguration = { extends: true, test: { name: 'postgres', env: { TEST_DB: 'postgres' } } };
  if (process.env.TEST_DATABASE_URL) return [postgres, pglite];
  // Asked for PGlite only: no need to look for Docker.
  if (onlyPglite()) return [pglite];
  const why = await dockerUnavailable();
  if (why === null) {
    postgres.test!.globalSetup = [path.join(import.meta.dirname, 'test-global-setup.ts')];
    return [postgres, pglite];
  }
  const line = `postgres project SKIPPED: no TEST_DATABASE_URL and no Docker engine (${why}); to run it, ${HOW_TO_ENABLE}.`;
  if (process.env.REQUIRE_POSTGRES) throw new Error(`REQUIRE_POSTGRES is set but ${line.replace('postgres project SKIPPED: ', '')}`);
  // Once before the run and once after its summary, where it is seen.
  console.warn(line);
  process.once('exit', () => console.warn(`\n${line}`));
  return [pglite];
}

function onlyPglite(): boolean {
  const argv = process.argv;
  const wanted = argv.flatMap((a, i) => (a === '--project' ? [argv[i + 1]] : a.startsWith('--project=') ? [a.slice(10)] : []));
  return wanted.length > 0 && wanted.every((p) => p === 'pglite');
}
