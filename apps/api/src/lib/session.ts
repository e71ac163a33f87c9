import { BlockList, isIP } from 'node:net';
import type { FastifyRequest, Session } from 'fastify';

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
