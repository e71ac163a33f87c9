import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, socketDirFor } from './embedded-data-dir.ts';
import { startEmbedded, type EmbeddedServer } from './embedded.ts';

// The embedded default (decision 0057): PostgreSQL started by the app in DATA_DIR, on a Unix
// socket only, one server per DATA_DIR, nothing left running after it stops.
const root = mkdtempSync(path.join(os.tmpdir(), 'post-embedded-'));
chmodSync(root, 0o711);
const started: EmbeddedServer[] = [];
afterAll(async () => {
  for (const s of started) await s.stop();
  rmSync(root, { recursive: true, force: true });
});

async function query<T>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const postmasterPid = (dataDir: string) => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

describe('embedded PostgreSQL', () => {
  it('creates its cluster in DATA_DIR/postgres, listens on a socket there and on no TCP port, and keeps data across a restart', async () => {
    const dataDir = path.join(root, 'a');
    const first = await startEmbedded({ dataDir, noSync: true });
    started.push(first);
    expect(first.owned).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', '.s.PGSQL.5432'))).toBe(true);
    expect(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    const [settings] = await query<{ listen: string; version: string; collation: string }>(
      first.url,
      "select current_setting('listen_addresses') as listen, current_setting('server_version') as version, datcollate as collation from pg_database where datname = 'postgres'",
    );
    expect(settings).toEqual({ listen: '', version: expect.stringMatching(/^18\./), collation: 'C' });
    await query(first.url, "create table kept (v text); insert into kept values ('still here')");
    const pid = postmasterPid(dataDir);
    await first.stop();
    expect(alive(pid)).toBe(false);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    const again = await startEmbedded({ dataDir });
    started.push(again);
    expect(await query(again.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await again.stop();
  });

  it('refuses a second server on a DATA_DIR in use, naming the process, and lets a command share the running one', async () => {
    const dataDir = path.join(root, 'b');
    // The first server is another process, as a second `start` would find it.
    const module = pathToFileURL(path.join(import.meta.dirname, 'embedded.ts')).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startEmbedded } = await import(${JSON.stringify(module)}); const s = await startEmbedded({ dataDir: ${JSON.stringify(dataDir)}, noSync: true }); console.log('up'); process.on('SIGTERM', async () => { await s.stop(); process.exit(0); }); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('up') && resolve());
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const refused = await startEmbedded({ dataDir }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(DataDirInUseError);
      expect((refused as Error).message).toBe(
        `DATA_DIR ${dataDir} is in use by another running server (pid ${child.pid}); stop it first, or give this one another DATA_DIR (or DATABASE_URL).`,
      );
      const shared = await startEmbedded({ dataDir, whenRunning: 'share' });
      expect(shared.owned).toBe(false);
      expect(await query(shared.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      await shared.stop(); // nothing: the server is not ours
      expect(await query(shared.url, 'select 2 as two')).toEqual([{ two: 2 }]);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    // Its server stopped with it: DATA_DIR is free again.
    const next = await startEmbedded({ dataDir });
    started.push(next);
    await next.stop();
  });

  it('stops the PostgreSQL a killed server left running, then starts', async () => {
    const dataDir = path.join(root, 'c');
    const module = pathToFileURL(path.join(import.meta.dirname, 'embedded.ts')).href;
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { startEmbedded } = await import(${JSON.stringify(module)}); await startEmbedded({ dataDir: ${JSON.stringify(dataDir)}, noSync: true }); console.log('up'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('up') && resolve()));
    const orphan = postmasterPid(dataDir);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(alive(orphan)).toBe(true);

    const lines: string[] = [];
    const server = await startEmbedded({ dataDir, log: (l) => lines.push(l) });
    started.push(server);
    expect(alive(orphan)).toBe(false);
    expect(lines.join('\n')).toContain(`stopping PostgreSQL (pid ${orphan}) left running`);
    expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await server.stop();
  });

  it('says when PostgreSQL ends by a crash or a kill, not by stop()', async () => {
    const dataDir = path.join(root, 'e');
    const ended: string[] = [];
    const server = await startEmbedded({ dataDir, noSync: true, onUnexpectedExit: (why) => ended.push(why) });
    started.push(server);
    process.kill(postmasterPid(dataDir), 'SIGKILL');
    const until = Date.now() + 10_000;
    while (!ended.length && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(ended).toEqual([expect.stringMatching(new RegExp(`^PostgreSQL in ${dataDir}/postgres ended \\(SIGKILL\\)`))]);
  });

  it('puts the socket in a short directory of its own when DATA_DIR is too long for a socket path', async () => {
    const dataDir = path.join(root, 'd'.repeat(100));
    expect(socketDirFor(path.join(dataDir, 'postgres'))).toMatch(new RegExp(`^${os.tmpdir()}/post-pg-[0-9a-f]{16}$`));
    const server = await startEmbedded({ dataDir, noSync: true });
    started.push(server);
    expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    const socketDir = socketDirFor(path.join(dataDir, 'postgres'));
    await server.stop();
    expect(existsSync(socketDir)).toBe(false);
  });
});
