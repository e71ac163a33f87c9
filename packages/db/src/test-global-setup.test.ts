import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dockerUnavailable, listTestContainers } from './test-container.ts';
import setup from './test-global-setup.ts';

// The run's PostgreSQL container must never outlive the run: removed by the global setup's
// teardown after a normal run, and by the reaper when the run's process dies abruptly.
// Needs a Docker engine and the TEST_PG_IMAGE image; skipped where the run uses TEST_DATABASE_URL or has no Docker engine.
const noDocker = process.env.TEST_DATABASE_URL ? 'the run uses TEST_DATABASE_URL' : await dockerUnavailable();

async function gone(id: string, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (!(await listTestContainers()).some((c) => c.id === id)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe.skipIf(noDocker !== null)("the test run's PostgreSQL container", () => {
  it('is started by the global setup, answers on the provided URL, and is removed by its teardown', async () => {
    const before = new Set((await listTestContainers()).map((c) => c.id));
    const provided: Record<string, unknown> = {};
    const teardown = await setup({ provide: (key: string, value: unknown) => void (provided[key] = value) } as never);
    const started = (await listTestContainers()).filter((c) => !before.has(c.id));
    try {
      expect(started).toHaveLength(1);
      const url = provided.testPostgresUrl as string;
      expect(url).toMatch(/^postgres(ql)?:\/\//);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
      await client.end();
      expect(rows[0].v).toMatch(/^18\./);
    } finally {
      await teardown();
    }
    expect(await gone(started[0].id, 1000)).toBe(true);
  }, 180_000);

  it('is removed by the reaper when the process that started it is killed (SIGKILL, no teardown)', async () => {
    const module = pathToFileURL(path.join(import.meta.dirname, 'test-container.ts')).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startTestPostgres } = await import(${JSON.stringify(module)}); const s = await startTestPostgres({ forTests: true }); console.log(s.id); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const id = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      child.once('exit', (code) => reject(new Error(`child exited with ${code} before starting a container`)));
    });
    expect((await listTestContainers()).some((c) => c.id === id)).toBe(true);
    child.kill('SIGKILL');
    expect(await gone(id, 15_000)).toBe(true);
  }, 180_000);
});
