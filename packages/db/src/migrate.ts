import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { DB } from './client.ts';
import { migrations } from './migrations/index.ts';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema to the latest migration. Kysely's PostgreSQL adapter holds an
 * advisory lock for the run, so several app nodes may start at once.
 */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
