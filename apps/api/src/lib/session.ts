import type { FastifyRequest } from 'fastify';

/** Gives the request a new session id, keeping the named fields (defeats session fixation). */
export async function rotateSession(req: FastifyRequest, keep: readonly string[]): Promise<void> {
  const saved = Object.fromEntries(keep.map((k) => [k, (req.session as any).get(k)]));
  await req.session.regenerate();
  for (const [k, v] of Object.entries(saved)) if (v !== undefined) (req.session as any).set(k, v);
}

/** The client's address as Fastify sees it (honours TRUST_PROXY). */
export function clientIp(req: FastifyRequest): string {
  return req.ip ?? 'unknown';
}
