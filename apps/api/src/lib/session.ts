import { BlockList, isIP } from 'node:net';
import type { FastifyRequest, Session } from 'fastify';
// The request's `session` and the `Session` this file widens are @fastify/session's types.
import type {} from '@fastify/session';
import { sql } from 'kysely';
import type { DB } from '@post/db';

/** Idle timeout: a session unused this long ends (issue 8). */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** Absolute timeout: a sign-in lasts at most this long, however active. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** When the administrator signed in (ms), for the absolute timeout. */
    userAuthAt?: number;
    /** The role the account had at sign-in: another role now ends the sign-in (decision 0031). */
    userRole?: string;
    /** Password right, two-factor code still to come (decision 0032): whose, and since when (ms). */
    pendingUserId?: number;
    pendingAt?: number;
    /** Device, address and last use, for "Your sessions". */
    userAgent?: string;
    ip?: string;
    lastUsedAt?: number;
    memberToken?: string;
    memberAuthAt?: number;
  }
}

/** Deletes expired sessions and throttling counters; run now and then, not on every request. */
export async function pruneSessions(db: DB): Promise<void> {
  await db
    .deleteFrom('session')
    .where('expire', '<', sql<Date>`now()`)
    .execute();
  await db
    .deleteFrom('memberSessions')
    .where('expiresAt', '<', sql<Date>`now()`)
    .execute();
  // Throttling counters whose window has passed count nothing any more.
  await db
    .deleteFrom('rateLimits')
    .where('resetAt', '<', sql<Date>`now()`)
    .execute();
}

/** Gives the request a new session id, keeping the named fields (defeats session fixation). */
export async function rotateSession(req: FastifyRequest, keep: readonly (keyof Session)[]): Promise<void> {
  const saved = keep.map((k) => [k, req.session.get(k)] as const);
  await req.session.regenerate();
  for (const [k, v] of saved) if (v !== undefined) req.session.set(k, v);
}

/** The client's address as Fastify sees it (honours TRUST_PROXY). */
export function clientIp(req: FastifyRequest): string {
  return req.ip ?? 'unknown';
}

// Loopback, link-local and private ranges: where a proxy in front of this process connects from.
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits);
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/**
 * TRUST_PROXY as Fastify's trustProxy: the addresses and CIDRs exactly as written; a hop count
 * trusts that many hops only from private or loopback addresses, since Fastify itself refuses a
 * bare count that a client reaching the port directly could use to forge its address (decision 0059).
 */
export function fastifyTrustProxy(trust: false | number | string): false | string | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (address, hop) => hop < trust && PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}
