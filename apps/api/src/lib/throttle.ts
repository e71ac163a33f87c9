import type { DB } from '@post/db';
import type { FastifyReply } from 'fastify';
import { AppError, sendAppError } from '../errors.ts';
import { addressKey, hit, reset } from './rate-limit.ts';
import { serverMessages } from '@post/contracts/messages/server';

/** The window every sign-in counter runs over. */
export const SIGNIN_WINDOW_MS = 15 * 60 * 1000;
/**
 * Password checks one account may have in the window from browsers that never signed in to it
 * (all of them together, whatever their address, concurrency, batching or node).
 */
export const ACCOUNT_ATTEMPTS = 10;
/** Password checks one browser that signed in to the account before may have in the window (its own count). */
export const KNOWN_BROWSER_ATTEMPTS = 10;
/** Sign-in attempts one address may make in the window, over every account. */
export const ADDRESS_ATTEMPTS = 100;
/** Current-password checks of one signed-in account's password change in the window. */
export const PASSWORD_CHANGE_ATTEMPTS = 10;
/** Writes (tRPC mutations) one staff account may make in STAFF_WINDOW_MS (decision 0059). */
export const STAFF_WRITES = 300;
/** Uploads (photos, member resource files) one staff account may make in STAFF_WINDOW_MS. */
export const STAFF_UPLOADS = 60;
export const STAFF_WINDOW_MS = 10 * 60 * 1000;
/** Whose sign-in: a staff account's or a member's. */
export type Scope = 'admin' | 'member';

/** The counter a sign-in was reserved on; passed back on success. */
export interface SignInSlot {
  scope: Scope;
  account: string;
  key: string;
  /** The known-browser id this attempt came with, if any. */
  browserId: string | undefined;
}

/** Who attempts a sign-in, as the router reads it: the address, and the browser's id when its known-browser cookie is valid for the account. */
export interface SignInClient {
  ip: string;
  browserId: string | undefined;
}

/**
 * Sign-in throttling (decision 0011). The slot is taken before the password is hashed, by one
 * atomic upsert on a counter in the database: concurrent attempts, the calls of a tRPC batch and
 * attempts on other nodes all count before any of them is checked, so no more than the limit
 * is ever checked. A browser holding a signed "known browser" cookie for the account (set by a
 * successful sign-in, `lib/known-browser.ts`) counts on its own counter, so strangers exhausting
 * the account's counter cannot lock out the owner's own browsers.
 */
export const signInThrottle = {
  async reserve(db: DB, scope: Scope, rawAccount: string, client: SignInClient): Promise<SignInSlot> {
    const account = normalAccount(rawAccount);
    const byIp = await hit(db, `signin:${scope}:ip:${addressKey(client.ip)}`, ADDRESS_ATTEMPTS, SIGNIN_WINDOW_MS);
    if (!byIp.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, byIp.retryAfterSeconds);
    const { browserId } = client;
    const key = browserId ? `signin:${scope}:browser:${browserId}` : `signin:${scope}:account:${account}`;
    const counted = await hit(db, key, browserId ? KNOWN_BROWSER_ATTEMPTS : ACCOUNT_ATTEMPTS, SIGNIN_WINDOW_MS);
    if (!counted.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, counted.retryAfterSeconds);
    return { scope, account, key, browserId };
  },
  /** The password was right: the counter it used starts again (the router then makes the browser known). */
  async succeeded(db: DB, slot: SignInSlot): Promise<void> {
    await reset(db, slot.key);
  },
};

/** Counts one write or upload of a staff account: a stolen or runaway session cannot flood the post (429 beyond). */
export async function limitStaffWork(db: DB, kind: 'write' | 'upload', userId: number): Promise<void> {
  const r = await hit(db, `staff:${kind}:${userId}`, kind === 'write' ? STAFF_WRITES : STAFF_UPLOADS, STAFF_WINDOW_MS);
  if (!r.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, r.retryAfterSeconds);
}

/** limitStaffWork of an upload, for a plain route's hook: answers the 429 itself and returns true when it did. */
export async function refuseStaffUpload(db: DB, userId: number, reply: FastifyReply): Promise<boolean> {
  try {
    await limitStaffWork(db, 'upload', userId);
    return false;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    sendAppError(reply, err);
    return true;
  }
}

/**
 * Throttles the current-password check of a password change (per signed-in account, reserved
 * before the hash like a sign-in): a stolen session cannot be used to guess the password.
 */
export async function reservePasswordCheck(db: DB, scope: Scope, id: number): Promise<string> {
  const key = `password:${scope}:${id}`;
  const counted = await hit(db, key, PASSWORD_CHANGE_ATTEMPTS, SIGNIN_WINDOW_MS);
  if (!counted.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, counted.retryAfterSeconds);
  return key;
}

/** The password change went through: its counter starts again. */
export async function passwordCheckSucceeded(db: DB, key: string | undefined): Promise<void> {
  if (key) await reset(db, key);
}

/** The account as its counters and known-browser cookies name it. */
export function normalAccount(account: string): string {
  return account.trim().toLowerCase().slice(0, 200);
}
