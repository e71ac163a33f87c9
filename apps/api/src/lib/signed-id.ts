import { createHmac, timingSafeEqual } from 'node:crypto';

// Links that carry their own proof (decision 0046): `{id}.{HMAC-SHA256}` under a key derived from
// SESSION_SECRET for one purpose, so nothing is stored and one purpose's token never opens another.

const SHAPE = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, purpose: string, id: number, extra: string): Buffer {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return createHmac('sha256', key)
    .update(extra ? `${id}:${extra}` : String(id))
    .digest();
}

/** `{id}.{signature}` for a purpose; `extra` (an e-mail) is signed too but not carried. */
export function signId(secret: string, purpose: string, id: number, extra = ''): string {
  return `${id}.${mac(secret, purpose, id, extra).toString('base64url')}`;
}

/** The id and signature of a token of the right shape, or null. */
export function parseSigned(token: string): { id: number; signature: Buffer } | null {
  const m = SHAPE.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  return Number.isSafeInteger(id) ? { id, signature: Buffer.from(m[2]!, 'base64url') } : null;
}

/** Whether a parsed token's signature is this key's for the purpose (and `extra`). */
export function signedBy(secret: string, purpose: string, parsed: { id: number; signature: Buffer }, extra = ''): boolean {
  const expected = mac(secret, purpose, parsed.id, extra);
  return parsed.signature.length === expected.length && timingSafeEqual(parsed.signature, expected);
}

/** The id a token names, or null when this key did not sign it for the purpose. */
export function idOfSigned(secret: string, purpose: string, token: string): number | null {
  const parsed = parseSigned(token);
  return parsed && signedBy(secret, purpose, parsed) ? parsed.id : null;
}
