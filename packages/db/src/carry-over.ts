import { existsSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CamelCasePlugin, Kysely, PGliteDialect } from 'kysely';
import type { DB } from './client.ts';
import type { Database } from './database.ts';
import { exportDatabase, importDatabase } from './backup.ts';
import { StartupError } from './embedded-data-dir.ts';
import { migrateToLatest } from './migrate.ts';

/** Where the previous release kept its embedded database (PGlite) under DATA_DIR. */
export const PGLITE_DIR = 'pglite';

/**
 * Carries a DATA_DIR of the previous release over, once (decision 0057): when DATA_DIR/pglite
 * holds a PGlite database, it is opened with PGlite (loaded only then), migrated to the latest
 * schema so its tables match, exported as a backup, which is written beside it and imported
 * into `db` (migrated and empty); then the directory is renamed pglite.migrated-<time>, so it is
 * never carried twice. Returns the backup file's path, or null when there was nothing to carry.
 */
export async function carryOverPglite(dataDir: string, db: DB, log: (line: string) => void): Promise<string | null> {
  const old = path.join(dataDir, PGLITE_DIR);
  if (!existsSync(path.join(old, 'PG_VERSION'))) return null;
  log(`carrying the previous release's database (${old}) over into PostgreSQL`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dataDir, `pglite-backup-${stamp}.json.gz`);
  let counts;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = new PGlite(old);
    const oldDb = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [new CamelCasePlugin()] });
    let backup;
    try {
      await migrateToLatest(oldDb);
      backup = await exportDatabase(oldDb);
    } finally {
      await oldDb.destroy();
    }
    writeFileSync(file, gzipSync(JSON.stringify(backup)), { mode: 0o600 });
    counts = await importDatabase(db, backup);
  } catch (err) {
    throw new StartupError(
      `Carrying ${old} over into PostgreSQL failed (${err instanceof Error ? err.message : String(err)}); it is left in place. Move it aside to start without it, or see docs/database.md.`,
    );
  }
  renameSync(old, path.join(dataDir, `${PGLITE_DIR}.migrated-${stamp}`));
  const rows = Object.values(counts).reduce((n, c) => n + c, 0);
  log(`carried over ${rows} rows; a backup of them is in ${file}, and the old database was renamed ${PGLITE_DIR}.migrated-${stamp}`);
  return file;
}
