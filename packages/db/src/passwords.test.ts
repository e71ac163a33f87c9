import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HASH_LANES, HASH_QUEUE_MAX, HASH_WAIT_MS, HashQueueFullError, hashPassword, hashQueue, verifyPassword } from './passwords.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Wraps an argon2 function so the test sees how many calls run at once. */
function countConcurrency<K extends 'hash' | 'verify'>(name: K) {
  const original = argon2[name] as (...args: unknown[]) => Promise<unknown>;
  const seen = { now: 0, max: 0, calls: 0 };
  vi.spyOn(argon2, name).mockImplementation((async (...args: unknown[]) => {
    seen.calls += 1;
    seen.now += 1;
    seen.max = Math.max(seen.max, seen.now);
    try {
      return await original.apply(argon2, args);
    } finally {
      seen.now -= 1;
    }
  }) as never);
  return seen;
}

describe('passwords', () => {
  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false);
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('still verifies hashes made with other parameters (they carry their own)', async () => {
    const older = await argon2.hash('pass-phrase-1', { type: argon2.argon2id, memoryCost: 12 * 1024, timeCost: 3, parallelism: 1 });
    expect(await verifyPassword(older, 'pass-phrase-1')).toBe(true);
    expect(await verifyPassword(older, 'pass-phrase-2')).toBe(false);
  });

  it(`runs at most ${HASH_LANES} hash(es) at once, and a failure frees its lane`, async () => {
    const hash = await hashPassword('queue-me-please');
    const verify = countConcurrency('verify');
    const results = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => verifyPassword(hash, i % 2 ? 'queue-me-please' : 'nope')),
      verifyPassword('$argon2id$v=19$m=19456,p=1,t=2$broken', 'x'),
    ]);
    expect(results).toEqual([false, true, false, true, false, true, false]);
    expect(verify.calls).toBe(7);
    expect(verify.max).toBe(Math.min(HASH_LANES, 7));
    const hashes = countConcurrency('hash');
    await Promise.all(Array.from({ length: 3 }, () => hashPassword('another-one')));
    expect(hashes.max).toBeLessThanOrEqual(HASH_LANES);
    // Nothing is left holding a lane.
    expect(await verifyPassword(hash, 'queue-me-please')).toBe(true);
  });

  it(`refuses a hash at once when ${HASH_QUEUE_MAX} are waiting, and one that waited ${HASH_WAIT_MS} ms`, async () => {
    const hash = await hashPassword('bounded-queue');
    // Lanes held by verifications that finish only when the test says so.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    vi.spyOn(argon2, 'verify').mockImplementation((async () => {
      await gate;
      return false;
    }) as never);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const holding = Array.from({ length: HASH_LANES }, () => verifyPassword(hash, 'x'));
      const queued = Array.from({ length: HASH_QUEUE_MAX }, () =>
        verifyPassword(hash, 'x').then(
          () => 'checked',
          (e) => e,
        ),
      );
      await Promise.resolve();
      expect(hashQueue()).toEqual({ running: HASH_LANES, waiting: HASH_QUEUE_MAX });
      // One more than the queue holds: refused without waiting.
      await expect(verifyPassword(hash, 'x')).rejects.toBeInstanceOf(HashQueueFullError);
      await expect(hashPassword('x')).rejects.toBeInstanceOf(HashQueueFullError);
      // The waiters give up after the wait limit; the queue is empty again.
      await vi.advanceTimersByTimeAsync(HASH_WAIT_MS + 1);
      for (const r of await Promise.all(queued)) expect(r).toBeInstanceOf(HashQueueFullError);
      expect(hashQueue().waiting).toBe(0);
      release();
      await Promise.all(holding);
      expect(hashQueue()).toEqual({ running: 0, waiting: 0 });
    } finally {
      vi.useRealTimers();
      release();
    }
  });
});
