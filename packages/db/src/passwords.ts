import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

// argon2id at OWASP's first recommended setting, 19 MiB, 2 passes, 1 lane (decision 0007: the
// lighter equivalents saved little).
// Hashes carry their parameters, so a later change here still verifies every stored one.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes that may run at once: one core fewer than the machine has (at least one). argon2 runs
 * in libuv's thread pool, four threads by default; on two cores four concurrent sign-ins took
 * both cores and the event loop, and with it every other request, waited behind them. Queued
 * here, sign-ins wait for each other instead, and one core stays for everything else.
 */
export const HASH_LANES = Math.max(1, availableParallelism() - 1);

/**
 * Hashes that may wait for a lane: 16 per lane. Beyond that a new one is refused at once, and
 * one that has waited HASH_WAIT_MS gives up: a flood of sign-ins then costs the flooder quick
 * refusals (503, try again) instead of making everyone, the real administrator included, wait
 * behind hundreds of hashes for many seconds.
 */
export const HASH_QUEUE_MAX = 16 * HASH_LANES;
/** How long a hash may wait for a lane before it is refused. */
export const HASH_WAIT_MS = 3000;
/** What a refused caller is told to wait before trying again. */
export const HASH_RETRY_AFTER_SECONDS = 5;

/** The hash queue is full or the wait too long: try again in a few seconds. */
export class HashQueueFullError extends Error {
  readonly retryAfterSeconds = HASH_RETRY_AFTER_SECONDS;
  constructor() {
    super('Too many password hashes are waiting.');
    this.name = 'HashQueueFullError';
  }
}

let running = 0;
const waiting: (() => void)[] = [];

function waitForLane(): Promise<void> {
  if (waiting.length >= HASH_QUEUE_MAX) return Promise.reject(new HashQueueFullError());
  return new Promise<void>((resolve, reject) => {
    const take = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      const i = waiting.indexOf(take);
      if (i >= 0) waiting.splice(i, 1);
      reject(new HashQueueFullError());
    }, HASH_WAIT_MS);
    waiting.push(take);
  });
}

async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_LANES) running += 1;
  else await waitForLane();
  try {
    return await work();
  } finally {
    // The lane passes straight to the next in line, in arrival order.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes a password with argon2id (19 MiB, 2 passes), at most HASH_LANES at a time. */
export function hashPassword(password: string): Promise<string> {
  return inLane(() => argon2.hash(password, OPTIONS));
}

/**
 * Checks a password against a stored hash, at most HASH_LANES at a time; false for a missing or
 * malformed hash. Throws HashQueueFullError when the queue is full or the wait too long.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  return inLane(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}

/** How many hashes are running and waiting now (for tests and logs). */
export function hashQueue(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
