import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from './client.ts';
import { migrateToLatest } from './migrate.ts';

let containerUrl: Promise<string | null> | undefined;

async function startContainer(): Promise<string | null> {
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:15-alpine').start();
    return container.getConnectionUri();
  } catch {
    return null;
  }
}

/** Which server a test database is made on: TEST_DATABASE_URL, else a container, else none. */
async function postgresServerUrl(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  containerUrl ??= startContainer();
  return containerUrl;
}

/**
 * A fresh, migrated database for one test file. `TEST_DB=pglite` forces PGlite,
 * `TEST_DB=postgres` insists on PostgreSQL; otherwise PostgreSQL when one answers
 * (TEST_DATABASE_URL, then testcontainers), else PGlite in memory. `migrate: false` leaves
 * it empty, for tests of the migrations themselves.
 */
export async function createTestDb(options: { migrate?: boolean } = {}): Promise<DbHandle & { engine: string; url?: string }> {
  const migrate = async (h: DbHandle) => {
    if (options.migrate !== false) await migrateToLatest(h.db);
  };
  const wanted = process.env.TEST_DB;
  if (wanted !== 'pglite') {
    const server = await postgresServerUrl();
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
    if (wanted === 'postgres' && process.env.REQUIRE_POSTGRES) {
      throw new Error('REQUIRE_POSTGRES is set but no PostgreSQL answers (set TEST_DATABASE_URL).');
    }
    if (wanted === 'postgres') console.warn('No PostgreSQL answered (TEST_DATABASE_URL, testcontainers): using PGlite.');
  }
  const handle = await createDb();
  await migrate(handle);
  return { ...handle, engine: 'pglite' };
}
