import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './database.ts';

// timestamptz arrives as Date (pg's default); count(*) and other int8 as numbers, since
// no count in this product can come near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/** The database handle every service takes. */
export type DB = Kysely<Database>;

/** Which engine a handle talks to. */
export type DbKind = 'postgres' | 'pglite';

/** A database handle with what is needed to report on it and close it. */
export interface DbHandle {
  db: DB;
  kind: DbKind;
  /** Where it is: the URL without password, or the PGlite data directory ('memory' for none). */
  location: string;
  close(): Promise<void>;
}

/** Options of createDb; unset `databaseUrl` means the embedded PGlite database in `dataDir`. */
export interface CreateDbOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Called when an idle PostgreSQL client errors (the server went away); the pool recovers on its own. */
  onPoolError?: (err: Error) => void;
}

/** Creates a Kysely handle on PostgreSQL (with a URL) or on PGlite (without). */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
    // Without a listener an idle client's error (server restart) would crash the process;
    // a checked-out client loses the pool's listener, so each client gets its own too.
    pool.on('error', (err) => options.onPoolError?.(err));
    pool.on('connect', (client) => client.on('error', (err) => options.onPoolError?.(err)));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', location: redact(options.databaseUrl), close: () => db.destroy() };
  }
  const pglite = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins });
  return { db, kind: 'pglite', location: options.dataDir ?? 'memory', close: () => db.destroy() };
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}
