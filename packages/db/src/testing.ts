import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle } from './client.ts';
import { migrateToLatest } from './migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the run's PostgreSQL server (its `postgres` database), from test-global-setup.ts. */
    testPostgresUrl?: string;
  }
}

/** Which server test databases are made on: TEST_DATABASE_URL, else the run's server (test-global-setup.ts). */
function postgresServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL ?? inject('testPostgresUrl');
  if (!url) throw new Error("No PostgreSQL for the tests: run them through the package's vitest config (its global setup starts one).");
  return url;
}

/**
 * A fresh, migrated database for one test file, on the run's PostgreSQL server.
 * `migrate: false` leaves it empty, for tests of the migrations themselves.
 */
export async function createTestDb(options: { migrate?: boolean } = {}): Promise<DbHandle & { engine: 'postgres'; url: string }> {
  const server = postgresServerUrl();
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 20 });
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return {
    ...handle,
    engine: 'postgres',
    url: url.toString(),
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
