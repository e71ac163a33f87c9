import { isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { DB } from '@post/db';

/**
 * The part of a client address a per-address limit counts: an IPv6 client by its /64 (one
 * household or server is given a whole /64, so every address in it is the same client); an IPv4
 * client, also written IPv4-mapped (::ffff:a.b.c.d), by its address (decision 0081).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::', 2) as [string, string?];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An IPv4 tail (::1.2.3.4) is two groups; it only falls in the last 64 bits, which are dropped.
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** The outcome of counting one hit against a limit. */
export interface RateResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit (or `amount`: the places of one sign-up) in a fixed window kept in the database, so every app node shares the
 * counters. (The usual libraries store counters in memory or Redis, or need a table and
 * pool of their own; this is a single upsert on the app's own database.)
 */
export async function hit(db: DB, key: string, limit: number, windowMs: number, amount = 1): Promise<RateResult> {
  const windowSql = sql`make_interval(secs => ${windowMs / 1000})`;
  const row = await db
    .insertInto('rateLimits')
    .values({ key, count: amount, resetAt: sql`now() + ${windowSql}` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= now() then ${amount}::int else rate_limits.count + ${amount}::int end`,
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
