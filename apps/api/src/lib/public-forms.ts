import type { DB } from '@post/db';
import { AppError } from '../errors.ts';
import { hit } from './rate-limit.ts';
import { serverMessages } from '@post/contracts/messages/server';

/** A public form's per-address limit: at most `limit` submissions per `windowMs` from `ip` (429 beyond). */
export async function limitPublicForm(db: DB, ip: string, form: string, limit: number, windowMs: number): Promise<void> {
  const r = await hit(db, `form:${form}:ip:${ip}`, limit, windowMs);
  if (!r.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, r.retryAfterSeconds);
}

/** True when the honeypot field was filled: a bot, to be answered as if all went well. */
export function isBot(input: { website?: string | undefined }): boolean {
  return Boolean(input.website && input.website.trim() !== '');
}
