import type { FastifyReply, FastifyRequest } from 'fastify';
import { serverMessages } from '@post/contracts/messages/server';

// NUL in a URL: raw after decoding, or as a JSON escape inside a tRPC GET's input.
const NUL_IN_URL = /\u0000|\\u0000/i;

/**
 * More values than a JSON body within the body limit can hold (every value takes at least a
 * byte and a separator): a walk that gets this far is not over parsed JSON (decision 0081).
 */
export const MAX_WALKED_VALUES = 1024 * 1024;

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    // Malformed escapes are the router's to refuse; the raw text is still checked.
    return url;
  }
}

/** An object JSON.parse could have made: an array or an object with no class of its own. */
export function isPlainJson(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Whether a parsed body holds a NUL in a string or a key: 'too-large' when it holds more values
 * than parsed JSON can. Streams, buffers and other class instances are not walked: only what
 * JSON.parse makes, so a request object handed over as the body cannot make the walk endless.
 */
export function findNul(root: unknown): boolean | 'too-large' {
  const stack: unknown[] = [root];
  let visited = 0;
  while (stack.length > 0) {
    if (++visited > MAX_WALKED_VALUES) return 'too-large';
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
      continue;
    }
    if (value === null || typeof value !== 'object' || !isPlainJson(value)) continue;
    if (Array.isArray(value)) {
      for (const v of value) stack.push(v);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key.includes('\u0000')) return true;
      stack.push((value as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): a string with one made the database fail and the
 * request answer 500. It is refused here, once for every route, with a 400: in the URL (path,
 * query, tRPC input) and in JSON bodies, whether parsed (REST) or still text (tRPC). Uploaded
 * files arrive as bytes and are not text fields, so they are left to their own checks.
 */
export async function refuseNul(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  let found: boolean | 'too-large' = NUL_IN_URL.test(decoded(req.url));
  const body = req.body;
  if (!found && typeof body === 'string' && /\u0000|\\u0000/i.test(body)) {
    try {
      found = findNul(JSON.parse(body));
    } catch {
      found = body.includes('\u0000');
    }
  } else if (!found) {
    found = findNul(body);
  }
  if (found === 'too-large') return reply.code(413).send({ message: serverMessages.tooComplex });
  if (found) return reply.code(400).send({ message: serverMessages.nulCharacter });
  return undefined;
}
