import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import { collapseSlashes } from '../lib/paths.ts';
import { toEntry, variantFor, type Entry } from './public-cache-entries.ts';
import { listenForWrites } from './public-cache-notify.ts';

/** How long a cached public answer may live even if no write is seen (a missed notice, time passing). */
export const PUBLIC_CACHE_TTL_MS = 30_000;
/** Answers kept at most; the oldest goes first (query strings are the visitor's to vary). */
export const PUBLIC_CACHE_MAX_ENTRIES = 500;

// Server-rendered pages behind a sign-in: the same shell for all, but never kept.
const SIGNED_IN_PAGE = /^\/(admin|member)(\/|$)/i;

/**
 * A successful write that may change what the public sees: a procedure declared with
 * `changesContent` (tRPC middleware in trpc.ts sets the flag once the call succeeded).
 */
function isContentWrite(req: FastifyRequest): boolean {
  return req.contentWrite;
}

/** True for a request whose answer may come from the shared public cache: an anonymous GET. */
export function isAnonymousRead(req: FastifyRequest): boolean {
  return req.method === 'GET' && !req.headers.cookie && !req.headers.authorization;
}

/**
 * True when this answer may go into the cache: an anonymous GET whose procedures were all
 * declared `cache: 'public'`, or a public page (the web plugin's `/*` route outside the
 * signed-in areas). Nothing else is kept: /healthz, /readyz, feeds, files, errors.
 */
export function isStorable(req: FastifyRequest): boolean {
  if (!isAnonymousRead(req)) return false;
  if (req.routeOptions.url === '/*') {
    const path = collapseSlashes(req.url).split('?')[0]!;
    return !SIGNED_IN_PAGE.test(path) && !/^\/(api|trpc)(\/|$)/i.test(path);
  }
  return req.publicCacheable === true;
}

/**
 * The cache key: everything an anonymous answer varies on, the path and query as sent (doubled
 * slashes collapsed); absolute URLs never come from the Host header (decision 0059). Encoding and
 * If-None-Match are answered per request from the entry's variants; a cookie or authorization
 * never reaches the cache.
 */
export function cacheKey(req: FastifyRequest): string {
  return collapseSlashes(req.url);
}

interface Fill {
  promise: Promise<Entry | undefined>;
  resolve(entry: Entry | undefined): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets every cached answer on this node (tests that write to the database directly). */
    clearPublicCache(): void;
  }
  interface FastifyRequest {
    /** The cache's generation when the request arrived: a read that overlaps a write is not stored. */
    cacheGeneration: number;
    /** Set on the one request that fills a missing entry while others with the same URL wait for it. */
    cacheFill: Fill | null;
    /** The request's cache key, when it is an anonymous read. */
    cacheKey: string | null;
    /** Set by the procedures a request ran: true when every one was declared `cache: 'public'`. */
    publicCacheable: boolean | null;
    /** Set when a procedure declared `changesContent` succeeded: the cache is cleared. */
    contentWrite: boolean;
  }
}

/**
 * Answers anonymous public reads (API and server-rendered pages) from memory. Any content
 * write clears the cache on this node and, through PostgreSQL LISTEN/NOTIFY, on every other
 * node; a generation number keeps a read that started before a write from storing stale data.
 *
 * Register it first: a hit is written straight to the socket from the first onRequest hook
 * (reply.hijack), with every header the first answer carried (helmet's security headers, type,
 * Cache-Control, Vary, X-Robots-Tag...) already in the entry, so no other hook, serialisation
 * or compression runs for it. Each entry keeps its body as bytes, an ETag (304 for a matching
 * If-None-Match) and its brotli and gzip forms, each made once, on the first request that
 * accepts it. Concurrent misses of one URL wait for the first instead of all rebuilding it.
 */
export const publicCachePlugin = fp(async (app, opts: { databaseUrl?: string; enabled?: boolean }) => {
  app.decorateRequest('publicCacheable', null);
  app.decorateRequest('contentWrite', false);
  if (opts.enabled === false) {
    app.decorate('clearPublicCache', () => undefined);
    return;
  }
  // Query strings are the visitor's to vary: at most this many answers, the least used go first.
  const entries = new LRUCache<string, Entry>({ max: PUBLIC_CACHE_MAX_ENTRIES, ttl: PUBLIC_CACHE_TTL_MS });
  // Keys that were stored before: only their concurrent misses wait for one another (a key that
  // is never storable, /readyz say, must not make requests queue behind each other).
  const storable = new LRUCache<string, true>({ max: PUBLIC_CACHE_MAX_ENTRIES * 4 });
  const filling = new Map<string, Fill>();
  let generation = 0;
  const nodeId = randomUUID();
  const clear = () => {
    generation += 1;
    entries.clear();
    // Requests arriving from now on must not wait for a read that began before the write.
    filling.clear();
  };
  app.decorate('clearPublicCache', clear);
  const writes = await listenForWrites(app, opts.databaseUrl, nodeId, clear);

  const sendHit = (req: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    const v = variantFor(entry, req);
    reply.hijack();
    reply.raw.writeHead(v.status, v.hitHeaders);
    reply.raw.end(v.body);
  };
  const finishFill = (req: FastifyRequest, entry: Entry | undefined) => {
    const fill = req.cacheFill;
    if (!fill) return;
    req.cacheFill = null;
    if (req.cacheKey !== null && filling.get(req.cacheKey) === fill) filling.delete(req.cacheKey);
    fill.resolve(entry);
  };

  app.decorateRequest('cacheGeneration', 0);
  app.decorateRequest('cacheFill', null);
  app.decorateRequest('cacheKey', null);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    req.cacheGeneration = generation;
    if (!isAnonymousRead(req)) return;
    const key = cacheKey(req);
    req.cacheKey = key;
    const hit = entries.get(key);
    if (hit) return sendHit(req, reply, hit);
    if (!storable.has(key)) return;
    const pending = filling.get(key);
    if (pending) {
      const entry = await pending.promise;
      // The first request could not fill it (an error, a write in between): answer normally.
      if (entry) return sendHit(req, reply, entry);
      return;
    }
    let resolve!: (e: Entry | undefined) => void;
    const promise = new Promise<Entry | undefined>((r) => (resolve = r));
    req.cacheFill = { promise, resolve };
    filling.set(key, req.cacheFill);
  });
  // At route level, so it runs after every scope's own onSend hooks (the REST adapter's error
  // bodies) and sees the answer as it leaves; added before @fastify/compress adds its own.
  const onSend: onSendAsyncHookHandler<unknown> = async (req, reply, payload) => {
    // Before the answer leaves, so the writer's next read here cannot see the old content.
    if (isContentWrite(req)) clear();
    if (req.cacheKey === null || !isStorable(req) || (reply.statusCode !== 200 && reply.statusCode !== 404) || typeof payload !== 'string') {
      finishFill(req, undefined);
      return payload;
    }
    const entry = toEntry(reply, payload);
    if (!entry) {
      finishFill(req, undefined);
      return payload;
    }
    if (req.cacheGeneration === generation) {
      entries.set(req.cacheKey, entry);
      storable.set(req.cacheKey, true);
      finishFill(req, entry);
    } else {
      finishFill(req, undefined);
    }
    // This answer is built the way a hit is, so both carry the same headers; the encoding is
    // set here, and @fastify/compress leaves an encoded body alone.
    const v = variantFor(entry, req);
    reply.code(v.status);
    // Fastify sets the length of the body returned here.
    reply.removeHeader('content-length');
    if (v.status === 304) reply.removeHeader('content-type');
    for (const [k, value] of Object.entries(v.headers)) {
      if (k !== 'content-length' && value !== undefined && reply.getHeader(k) !== value) reply.header(k, value);
    }
    return v.body ?? null;
  };
  app.addHook('onRoute', (route) => {
    route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), onSend];
  });
  app.addHook('onResponse', (req, reply, done) => {
    // Should an answer end without onSend (a lost connection), its waiters must not hang.
    finishFill(req, undefined);
    const announced = isContentWrite(req) ? writes.announce() : undefined;
    if (announced) announced.then(() => done(), done);
    else done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    finishFill(req, undefined);
    done();
  });
});
