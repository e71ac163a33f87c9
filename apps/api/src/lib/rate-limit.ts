import { sql } from 'kysely';
import type { DB } from '@post/db';

/** The outcome of counting one hit against a limit. */
export interface RateResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit in a fixed window kept in the database, so every app node shares the
 * counters. (The usual libraries store counters in memory or Redis, or need a table and
 * pool of their own; this is a single upsert on the app's own database.)
 */
export async function hit(db: DB, key: string, limit: number, windowMs: number): Promise<RateResult> {
  const windowSql = sql`make_interval(secs => ${windowMs / 1000})`;
  const row = await db
    .insertInto('rateLimits')
    .values({ key, count: 1, resetAt: sql`now() + ${windowSql}` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end`,
        resetAt: sql`case when rate_limits.reset_at <= now() then now() + ${windowSql} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', sql<number>`ceil(extract(epoch from (reset_at - now())))::int`.as('retryAfter')])
    .executeTakeFirstOrThrow();
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds: Math.max(1, row.retryAfter) };
}

/** Forgets a key (after a successful sign-in). */
export async function reset(db: DB, key: string): Promise<void> {
  await db.deleteFrom('rateLimits').where('key', '=', key).execute();
}
