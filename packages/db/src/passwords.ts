import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

// argon2id at OWASP's first recommended setting: 19 MiB, 2 passes, 1 lane (~25 ms a hash on
// one core of the benchmark machine; the lighter OWASP equivalents were only 20-30 % faster).
// Hashes carry their parameters, so a later change here still verifies every stored one.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes that may run at once: one core fewer than the machine has (at least one). argon2 runs
 * in libuv's thread pool, four threads by default; on two cores four concurrent sign-ins took
 * both cores and the event loop, and with it every other request, waited behind them. Queued
 * here, sign-ins wait for each other instead, and one core stays for everything else.
 */
export const HASH_LANES = Math.max(1, availableParallelism() - 1);

let running = 0;
const waiting: (() => void)[] = [];

async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (running < HASH_LANES) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
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

/** Checks a password against a stored hash, at most HASH_LANES at a time; false for a missing or malformed hash. */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await inLane(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
