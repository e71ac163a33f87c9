import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverMessages } from '@post/contracts/messages/server';

// NUL in a URL: raw after decoding, or as a JSON escape inside a tRPC GET's input.
const NUL_IN_URL = /\u0000|\\u0000/i;

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    // Malformed escapes are the router's to refuse; the raw text is still checked.
    return url;
  }
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): a string with one made the database fail and the
 * request answer 500. It is refused here, once for every route, with a 400: in the URL (path,
 * query, tRPC input) and in JSON bodies, whether parsed (REST) or still text (tRPC). Uploaded
 * files arrive as bytes and are not text fields, so they are left to their own checks.
 */
export async function refuseNul(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  let found = NUL_IN_URL.test(decoded(req.url));
  const body = req.body;
  if (!found && typeof body === 'string' && /\u0000|\\u0000/i.test(body)) {
    try {
      found = hasNul(JSON.parse(body));
    } catch {
      found = body.includes('\u0000');
    }
  } else if (!found) {
    found = hasNul(body);
  }
  if (found) return reply.code(400).send({ message: serverMessages.nulCharacter });
  return undefined;
}
