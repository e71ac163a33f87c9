import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long a cached public answer may live even if no write is seen (a missed notice, time passing). */
export const PUBLIC_CACHE_TTL_MS = 30_000;
const CHANNEL = 'post_public_cache';

// Public reads whose answer is the same for every anonymous visitor.
const CACHEABLE = [
  /^\/api\/(events|events\/upcoming|news|resources|commander-message|commander-messages|community-engagements|community-engagements\/active|members\/post-commander|site-settings)$/,
  /^\/api\/(events|news|resources|commander-messages|community-engagements)\/\d+$/,
  /^\/api\/volunteers\?eventId=\d+$/,
];
// Writes that change no public content: sign-in, sign-out, passwords, newsletter sign-ups.
const NON_CONTENT_WRITE = /^\/(api\/(login|logout|change-password|member\/(login|logout|change-password)|newsletter\/subscribe)|trpc\/((adminAuth|memberAuth)\.\w+|newsletter\.subscribe)(,((adminAuth|memberAuth)\.\w+|newsletter\.subscribe))*)(\?|$)/;

interface Entry {
  body: string;
  headers: Record<string, string>;
  status: number;
  expires: number;
}

/** A successful write that may change what the public sees. */
function isContentWrite(req: FastifyRequest, reply: FastifyReply): boolean {
  return req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400 && !NON_CONTENT_WRITE.test(req.url);
}

/** True for a request whose answer may come from, and go into, the shared public cache. */
export function isCacheable(req: FastifyRequest): boolean {
  if (req.method !== 'GET' || req.headers.cookie || req.headers.authorization) return false;
  return CACHEABLE.some((r) => r.test(req.url)) || (!req.url.startsWith('/api') && !req.url.startsWith('/trpc') && req.headers.accept?.includes('text/html') === true && !/^\/(admin|member)(\/|$|\?)/.test(req.url));
}

/**
 * Answers anonymous public reads (API and server-rendered pages) from memory. Any content
 * write clears the cache on this node and, through PostgreSQL LISTEN/NOTIFY, on every other
 * node; a generation number keeps a read that started before a write from storing stale data.
 */
export const publicCachePlugin = fp(async (app, opts: { databaseUrl?: string; enabled?: boolean }) => {
  if (opts.enabled === false) return;
  const entries = new Map<string, Entry>();
  let generation = 0;
  const nodeId = randomUUID();
  const clear = () => {
    generation += 1;
    entries.clear();
  };

  let listener: pg.Client | undefined;
  let notifying: Promise<void> = Promise.resolve();
  let stopping = false;
  async function listen(): Promise<void> {
    if (!opts.databaseUrl || stopping) return;
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    client.on('error', () => undefined);
    client.on('end', () => {
      // Notices may have been missed while disconnected: start clean, then listen again.
      clear();
      if (!stopping) setTimeout(() => void listen().catch(() => undefined), 1000).unref();
    });
    client.on('notification', (msg) => {
      if (msg.payload !== nodeId) clear();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      listener = client;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  await listen();
  app.addHook('onClose', async () => {
    stopping = true;
    await listener?.end().catch(() => undefined);
  });

  app.decorateRequest('cacheGeneration', 0);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    (req as any).cacheGeneration = generation;
    if (!isCacheable(req)) return;
    const hit = entries.get(req.url);
    if (hit && hit.expires > Date.now()) {
      return reply.code(hit.status).headers({ ...hit.headers, 'x-cache': 'hit' }).send(hit.body);
    }
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.getHeader('x-cache') === 'hit') return payload;
    // Before the answer leaves, so the writer's next read here cannot see the old content.
    if (isContentWrite(req, reply)) clear();
    if (isCacheable(req) && (reply.statusCode === 200 || reply.statusCode === 404) && typeof payload === 'string' && (req as any).cacheGeneration === generation) {
      const headers: Record<string, string> = {};
      for (const h of ['content-type', 'cache-control']) {
        const v = reply.getHeader(h);
        if (v !== undefined) headers[h] = String(v);
      }
      entries.set(req.url, { body: payload, headers, status: reply.statusCode, expires: Date.now() + PUBLIC_CACHE_TTL_MS });
    }
    return payload;
  });
  // Other nodes hear of writes through one notice at a time on the listening connection. A
  // write waits for the first notice sent after it; writes arriving while one is in flight
  // share the next, so a burst of sign-ups costs two notices, not one each.
  let next: Promise<void> | undefined;
  const announce = (client: pg.Client): Promise<void> => {
    next ??= notifying.then(() => {
      next = undefined;
      return client.query('select pg_notify($1, $2)', [CHANNEL, nodeId]).then(
        () => undefined,
        () => undefined,
      );
    });
    notifying = next;
    return next;
  };
  app.addHook('onResponse', async (req, reply) => {
    if (listener && isContentWrite(req, reply)) await announce(listener);
  });
});
