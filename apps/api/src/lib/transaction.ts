import type { Transaction } from 'kysely';
import type { Database, DB } from '@post/db';

/**
 * The one way to open a transaction (decision 0070): a new one, or the caller's when `db`
 * already is one (Kysely cannot nest transactions). A write and its audit entry
 * (features/audit) share one this way.
 */
export function inTransaction<T>(db: DB, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}
