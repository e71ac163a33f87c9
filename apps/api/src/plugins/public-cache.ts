import { hash, randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { FastifyReply, FastifyRequest } from 'fastify';

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

// Public reads whose answer is the same for every anonymous visitor.
const CACHEABLE = [
  /^\/api\/(events|events\/upcoming|news|resources|commander-message|commander-messages|community-engagements|community-engagements\/active|members\/post-commander|site-settings)$/,
  /^\/api\/(events|news|resources|commander-messages|community-engagements)\/\d+$/,
  /^\/api\/volunteers\?eventId=\d+$/,
];
// Writes that change no public content: sign-in, sign-out, passwords, newsletter sign-ups.
const NON_CONTENT_WRITE = /^\/(api\/(login|logout|change-password|member\/(login|logout|change-password)|newsletter\/subscribe)|trpc\/((adminAuth|memberAuth)\.\w+|newsletter\.subscribe)(,((adminAuth|memberAuth)\.\w+|newsletter\.subscribe))*)(\?|$)/;
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
    const vary = headers.vary === undefined ? [] : String(headers.vary).split(',').map((s) => s.trim());
    if (!vary.some((v) => v.toLowerCase() === 'accept-encoding')) headers.vary = [...vary, 'accept-encoding'].join(', ');
  }
  const status = reply.statusCode;
  // Weak: one tag for every encoding of the same content.
  const etag = status === 200 ? `W/"${body.length.toString(36)}-${hash('sha1', body, 'base64url')}"` : undefined;
  return { status, headers, body, etag, compressible, variants: {}, expires: Date.now() + PUBLIC_CACHE_TTL_MS };
}

interface Fill {
  promise: Promise<Entry | undefined>;
  resolve(entry: Entry | undefined): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The cache's generation when the request arrived: a read that overlaps a write is not stored. */
    cacheGeneration: number;
    /** Set on the one request that fills a missing entry while others with the same URL wait for it. */
    cacheFill: Fill | null;
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
  if (opts.enabled === false) return;
  const entries = new Map<string, Entry>();
  const filling = new Map<string, Fill>();
  let generation = 0;
  const nodeId = randomUUID();
  const clear = () => {
    generation += 1;
    entries.clear();
    // Requests arriving from now on must not wait for a read that began before the write.
    filling.clear();
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

  const fresh = (url: string): Entry | undefined => {
    const entry = entries.get(url);
    return entry && entry.expires > Date.now() ? entry : undefined;
  };
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
    if (filling.get(req.url) === fill) filling.delete(req.url);
    fill.resolve(entry);
  };

  app.decorateRequest('cacheGeneration', 0);
  app.decorateRequest('cacheFill', null);
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    req.cacheGeneration = generation;
    if (!isCacheable(req)) return;
    const hit = fresh(req.url);
    if (hit) return sendHit(req, reply, hit);
    const pending = filling.get(req.url);
    if (pending) {
      const entry = await pending.promise;
      // The first request could not fill it (an error, a write in between): answer normally.
      if (entry) return sendHit(req, reply, entry);
      return;
    }
    let resolve!: (e: Entry | undefined) => void;
    const promise = new Promise<Entry | undefined>((r) => (resolve = r));
    req.cacheFill = { promise, resolve };
    filling.set(req.url, req.cacheFill);
  });
  // At route level, so it runs after every scope's own onSend hooks (the REST adapter's error
  // bodies) and sees the answer as it leaves; added before @fastify/compress adds its own.
  const onSend = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Before the answer leaves, so the writer's next read here cannot see the old content.
    if (isContentWrite(req, reply)) clear();
    if (!isCacheable(req) || (reply.statusCode !== 200 && reply.statusCode !== 404) || typeof payload !== 'string') {
      finishFill(req, undefined);
      return payload;
    }
    const entry = toEntry(reply, payload);
    if (!entry) {
      finishFill(req, undefined);
      return payload;
    }
    if (req.cacheGeneration === generation) {
      if (entries.size >= PUBLIC_CACHE_MAX_ENTRIES && !entries.has(req.url)) entries.delete(entries.keys().next().value!);
      entries.set(req.url, entry);
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
    route.onSend = [...(route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend]), onSend as any];
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
    if (listener && isContentWrite(req, reply)) announce(listener).then(() => done(), done);
    else done();
  });
  app.addHook('onRequestAbort', (req, done) => {
    finishFill(req, undefined);
    done();
  });
});
