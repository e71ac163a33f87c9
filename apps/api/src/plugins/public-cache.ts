import { hash, randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import { collapseSlashes } from '../lib/paths.ts';

/** How long a cached public answer may live even if no write is seen (a missed notice, time passing). */
export const PUBLIC_CACHE_TTL_MS = 30_000;
/** Answers kept at most; the oldest goes first (query strings are the visitor's to vary). */
export const PUBLIC_CACHE_MAX_ENTRIES = 500;
const CHANNEL = 'post_public_cache';

/**
 * The compression every answer gets, shared by @fastify/compress (server.ts) and the cache's
 * own variants, so that an answer from the cache and one built fresh carry the same encoding
 * and headers: brotli first, then gzip; brotli at a middle quality (most of the size win for
 * a fraction of the CPU of 11); nothing under 1 KB.
 */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
};

// Server-rendered pages behind a sign-in: the same shell for all, but never kept.
const SIGNED_IN_PAGE = /^\/(admin|member)(\/|$)/i;
// What @fastify/compress would compress (its default list, for the types answered here).
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/;
// Headers of an answer that are not kept with it: computed per answer, or never shared.
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'x-cache', 'connection', 'keep-alive', 'date']);

type Encoding = 'br' | 'gzip' | 'identity';

/** One way to send a cached answer: status, complete headers and body, built once. */
interface Variant {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The same with `x-cache: hit`, for answers from memory. */
  hitHeaders: OutgoingHttpHeaders;
  body: Buffer | undefined;
}

interface Entry {
  status: number;
  /** Every header the first answer carried (security headers included), without the per-answer ones. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string | undefined;
  compressible: boolean;
  variants: Partial<Record<Encoding | 'notModified', Variant>>;
}

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

// Browsers send a handful of distinct Accept-Encoding values: negotiate each once.
const negotiated = new Map<string, Encoding>();
/** The encoding @fastify/compress would choose for this request (same negotiator, same list). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let enc = negotiated.get(acceptEncoding);
  if (enc === undefined) {
    // As @fastify/compress does: lower case, and "*" or x-gzip mean gzip.
    enc = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), COMPRESSION.encodings) ?? 'identity';
    if (negotiated.size > 100) negotiated.clear();
    negotiated.set(acceptEncoding, enc);
  }
  return enc;
}

/** Weak comparison (RFC 9110 §13.1.2) of If-None-Match with an entity tag. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque;
  });
}

/** The answer for this request: 304 when the client has it, else the body in the encoding it accepts. */
function variantFor(entry: Entry, req: FastifyRequest): Variant {
  if (entry.etag && matchesEtag(req.headers['if-none-match'], entry.etag)) {
    return (entry.variants.notModified ??= notModified(entry));
  }
  const enc = entry.compressible ? chooseEncoding(req.headers['accept-encoding']) : 'identity';
  return (entry.variants[enc] ??= encoded(entry, enc));
}

function encoded(entry: Entry, enc: Encoding): Variant {
  const body = enc === 'br' ? brotliCompressSync(entry.body, COMPRESSION.brotliOptions) : enc === 'gzip' ? gzipSync(entry.body) : entry.body;
  const headers: OutgoingHttpHeaders = { ...entry.headers, 'content-length': body.length };
  if (enc !== 'identity') headers['content-encoding'] = enc;
  if (entry.etag) headers.etag = entry.etag;
  return { status: entry.status, headers, hitHeaders: { ...headers, 'x-cache': 'hit' }, body };
}

// A 304 carries the validators and caching headers of the 200 it stands for, and no body.
function notModified(entry: Entry): Variant {
  const headers: OutgoingHttpHeaders = { ...entry.headers, etag: entry.etag };
  delete headers['content-type'];
  return { status: 304, headers, hitHeaders: { ...headers, 'x-cache': 'hit' }, body: undefined };
}

/** Takes what the first answer carried, or undefined when it must not be shared. */
function toEntry(reply: FastifyReply, payload: string): Entry | undefined {
  const all = reply.getHeaders();
  if (all['set-cookie'] !== undefined) return undefined;
  // Entries are keyed by URL alone: an answer that depends on the visitor's language (/QRG) is not shared.
  if (/accept-language/i.test(String(all.vary ?? ''))) return undefined;
  const headers: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(all)) {
    if (v !== undefined && !PER_ANSWER.has(k.toLowerCase())) headers[k.toLowerCase()] = v;
  }
  const body = Buffer.from(payload, 'utf8');
  const compressible = body.length >= COMPRESSION.threshold && COMPRESSIBLE.test(String(headers['content-type'] ?? 'application/json'));
  if (compressible) {
    // The answer depends on Accept-Encoding whichever encoding this client gets.
    const vary =
      headers.vary === undefined
        ? []
        : String(headers.vary)
            .split(',')
            .map((s) => s.trim());
    if (!vary.some((v) => v.toLowerCase() === 'accept-encoding')) headers.vary = [...vary, 'accept-encoding'].join(', ');
  }
  const status = reply.statusCode;
  // Weak: one tag for every encoding of the same content.
  const etag = status === 200 ? `W/"${body.length.toString(36)}-${hash('sha1', body, 'base64url')}"` : undefined;
  return { status, headers, body, etag, compressible, variants: {} };
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
  app.addHook('onResponse', (req, reply, done) => {
    // Should an answer end without onSend (a lost connection), its waiters must not hang.
    finishFill(req, undefined);
    if (listener && isContentWrite(req)) announce(listener).then(() => done(), done);
    else done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    finishFill(req, undefined);
    done();
  });
});
