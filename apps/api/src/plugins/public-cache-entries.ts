import { hash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A cached answer: its bytes, headers and ETag, and the encoded forms built from it on demand.

/**
 * The compression every answer gets, shared by @fastify/compress (server.ts) and the cache's
 * own variants, so that an answer from the cache and one built fresh carry the same encoding
 * and headers; brotli at a middle quality keeps most of its size win for little CPU (decision 0005).
 */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
};

// What @fastify/compress would compress (its default list, for the types answered here).
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/;
// Headers of an answer that are not kept with it: computed per answer, or never shared.
const PER_ANSWER = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'x-cache', 'connection', 'keep-alive', 'date']);

export type Encoding = 'br' | 'gzip' | 'identity';

/** One way to send a cached answer: status, complete headers and body, built once. */
interface Variant {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The same with `x-cache: hit`, for answers from memory. */
  hitHeaders: OutgoingHttpHeaders;
  body: Buffer | undefined;
}

export interface Entry {
  status: number;
  /** Every header the first answer carried (security headers included), without the per-answer ones. */
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string | undefined;
  compressible: boolean;
  variants: Partial<Record<Encoding | 'notModified', Variant>>;
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
export function variantFor(entry: Entry, req: FastifyRequest): Variant {
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
export function toEntry(reply: FastifyReply, payload: string): Entry | undefined {
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
