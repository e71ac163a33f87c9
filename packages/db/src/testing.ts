import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type DbHandle } from './client.ts';
import { migrateToLatest } from './migrate.ts';
import { HOW_TO_ENABLE } from './test-container.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the run's PostgreSQL container (its `postgres` database), from test-global-setup.ts. */
    testPostgresUrl?: string;
  }
}

/**
 * Which server a test database is made on: TEST_DATABASE_URL, else the run's container
 * (provided by test-global-setup.ts to the `postgres` project), else none.
 */
function postgresServerUrl(): string | null {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  return inject('testPostgresUrl') ?? null;
}

/**
 * A fresh, migrated database for one test file. `TEST_DB=pglite` forces PGlite,
 * `TEST_DB=postgres` insists on PostgreSQL and fails without one (never a quiet PGlite);
 * otherwise PostgreSQL when one is set up, else PGlite in memory. `migrate: false` leaves
 * it empty, for tests of the migrations themselves.
 */
export async function createTestDb(options: { migrate?: boolean } = {}): Promise<DbHandle & { engine: string; url?: string }> {
  const migrate = async (h: DbHandle) => {
    if (options.migrate !== false) await migrateToLatest(h.db);
  };
  const wanted = process.env.TEST_DB;
  if (wanted !== 'pglite') {
    const server = postgresServerUrl();
    if (server) {
      const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      const url = new URL(server);
      url.pathname = `/${name}`;
      const handle = await createDb({ databaseUrl: url.toString(), poolSize: 20 });
      await migrate(handle);
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
    if (wanted === 'postgres') {
      throw new Error(`TEST_DB=postgres but no PostgreSQL is set up: ${HOW_TO_ENABLE}.`);
    }
  }
  const handle = await createDb();
  await migrate(handle);
  return { ...handle, engine: 'pglite' };
}
