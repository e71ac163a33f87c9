import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { Subscriber } from '@post/contracts/newsletter';

/** Stores an address once; the answer is the same whether it was new or not (decisions §5). */
export async function subscribe(db: DB, email: string): Promise<void> {
  await db
    .insertInto('newsletterSubscribers')
    .values({ email: email.trim() })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .execute();
}

/** Every subscriber, newest first. */
export async function listSubscribers(db: DB): Promise<Subscriber[]> {
  const rows = await db.selectFrom('newsletterSubscribers').selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() }));
}

/** The list as CSV (RFC 4180), safe to open in a spreadsheet. */
export function subscribersCsv(rows: Subscriber[]): string {
  const cell = (v: string) => {
    // A leading =, +, - or @ would be run as a formula by spreadsheet programs.
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return ['email,subscribed_at', ...rows.map((r) => `${cell(r.email)},${cell(r.createdAt)}`)].join('\r\n') + '\r\n';
}
