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
