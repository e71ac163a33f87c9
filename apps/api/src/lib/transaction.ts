import type { Transaction } from 'kysely';
import type { Database, DB } from '@post/db';

/**
 * Runs `fn` in a transaction: a new one, or the caller's when `db` already is one (Kysely cannot
 * nest transactions). A write and its audit entry (features/audit) share one this way.
 */
export function inTransaction<T>(db: DB, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

/** `db.transaction()` in the same shape (`.execute(fn)`), joining the caller's transaction when there is one. */
export function transaction(db: DB): { execute<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> } {
  return { execute: (fn) => inTransaction(db, fn) };
}
