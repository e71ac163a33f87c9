import type { DB } from '@post/db';
import { AppError } from '../errors.ts';
import { addressKey, hit } from './rate-limit.ts';
import { serverMessages } from '@post/contracts/messages/server';

/**
 * A public form's per-address limit: at most `limit` submissions (or places: `amount` a submission)
 * per `windowMs` from `ip`, an IPv6 client by its /64 (429 beyond).
 */
export async function limitPublicForm(db: DB, ip: string, form: string, limit: number, windowMs: number, amount = 1): Promise<void> {
  const r = await hit(db, `form:${form}:ip:${addressKey(ip)}`, limit, windowMs, amount);
  if (!r.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, r.retryAfterSeconds);
}

/** True when the honeypot field was filled: a bot, to be answered as if all went well. */
export function isBot(input: { website?: string | undefined }): boolean {
  return Boolean(input.website && input.website.trim() !== '');
}
