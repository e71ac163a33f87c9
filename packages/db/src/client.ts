import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';

// timestamptz arrives as Date (pg's default); count(*) and other int8 as numbers, since
// no count in this product can come near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// A date column is a day of the post's calendar, read as its 'YYYY-MM-DD' text, never an instant (decision 0065).
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** The database handle every service takes. */
export type DB = Kysely<Database>;

/** Which PostgreSQL a handle talks to: one given by DATABASE_URL, or the embedded one in DATA_DIR (decision 0057). */
export type DbKind = 'postgres' | 'embedded';

/** A database handle with what is needed to report on it and close it. */
export interface DbHandle {
  db: DB;
  kind: DbKind;
  /** Where it is: the URL without password, or the embedded cluster's directory. */
  location: string;
  close(): Promise<void>;
}

/** Options of createDb. */
export interface CreateDbOptions {
  databaseUrl: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Called when an idle PostgreSQL client errors (the server went away); the pool recovers on its own. */
  onPoolError?: (err: Error) => void;
}

/**
 * node-postgres with a statement cache per connection, as asyncpg, pgx and postgres.js keep by
 * default: the first time a connection runs a statement it is prepared under a name (pg's own
 * `name` option), and later runs skip PostgreSQL's parse and analysis. Kysely sends every
 * statement as text with parameters, so the same query always has the same text.
 * Why, and what it measured: decision 0047.
 * Only statements with parameters are named, at most STATEMENT_CACHE per connection (the app
 * has fewer distinct ones; a query with a varying IN list may make more); the rest run unnamed.
 * After a schema change by another node (a migration while this one runs), PostgreSQL refuses
 * a prepared statement whose result columns changed (SQLSTATE 0A000, "cached plan must not
 * change result type"): that one call fails, and the statement is prepared afresh next time.
 */
export const STATEMENT_CACHE = 100;

class CachingClient extends pg.Client {
  #names = new Map<string, string>();
  #next = 0;

  // pg's query() is overloaded (callbacks, streams, config objects); one signature can stand for
  // all of them only with an `any` result. Everything but a text with parameters and no
  // callback, which is how Kysely calls it, goes through unchanged.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: unknown, values?: unknown, callback?: unknown): any {
    // Only statements with parameters: one without goes by the simple protocol, which also runs
    // scripts of several statements (a prepared statement holds one).
    if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined) {
      return (super.query as (...args: unknown[]) => unknown)(config, values, callback);
    }
    let name = this.#names.get(config);
    if (!name && this.#names.size < STATEMENT_CACHE) {
      name = `post_${this.#next++}`;
      this.#names.set(config, name);
    }
    if (!name) return super.query(config, values);
    return (super.query({ name, text: config, values }) as Promise<pg.QueryResult>).catch((e: unknown) => {
      if ((e as { code?: string }).code === '0A000') this.#names.delete(config);
      throw e;
    });
  }
}

/** Creates a Kysely handle on PostgreSQL through a pg Pool (the embedded server's URL is a Unix socket). */
export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  const plugins = [new CamelCasePlugin()];
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    Client: CachingClient,
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

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}
