import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@post/db/testing';
import { prepareContent } from './bootstrap.ts';
import type { Env } from './env.ts';

let handle: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => handle?.close());

describe('start-up hints', () => {
  it('the first administrator hint names the command as the README writes it (issue 23 #18)', async () => {
    const lines = await prepareContent(handle, { seedDemo: false, adminCommand: 'npx -y pnpm@10 run admin' } as Env);
    expect(lines.join('\n')).toContain('`npx -y pnpm@10 run admin reset admin`');
    const again = await prepareContent(handle, { seedDemo: false, adminCommand: 'npx -y pnpm@10 run admin' } as Env);
    expect(again.join('\n')).toContain('`npx -y pnpm@10 run admin reset <username>`');
  });
});
