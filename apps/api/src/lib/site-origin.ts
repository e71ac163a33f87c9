import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';

// A host name (labels of letters, digits and hyphens) or a bracketed IPv6 address, with an
// optional port: nothing that could carry markup, a path or a second URL into a page.
const VALID_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** The Host header when it is a well-formed host[:port], else undefined. */
export function validHost(req: FastifyRequest): string | undefined {
  const host = req.headers.host;
  return host && host.length <= 260 && VALID_HOST.test(host) ? host.toLowerCase() : undefined;
}

/**
 * The site's origin for absolute URLs (canonical, OpenGraph, JSON-LD, RSS, sitemap): PUBLIC_URL
 * when set, which production sets. Without it (a local or embedded copy) the request's own host
 * is used only when it is a well-formed host name, and the public cache keys answers by that
 * host, so a forged Host header can neither inject text nor reach another visitor's answer.
 */
export function siteOrigin(env: Pick<Env, 'publicUrl'>, req: FastifyRequest): string {
  if (env.publicUrl) return env.publicUrl;
  return `${req.protocol === 'https' ? 'https' : 'http'}://${validHost(req) ?? 'localhost'}`;
}
