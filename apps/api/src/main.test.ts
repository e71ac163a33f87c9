import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@post/db/testing';
import { waitForDatabase } from './bootstrap.ts';
import { serverProcessEnv } from './test-process.ts';

// Start-up as a person meets it (issue 40 items 1, 6 and 7): main.ts and the CLI run as their own
// processes; each problem a person must fix is one line on stderr and exit code 1, no stack.
const main = path.join(import.meta.dirname, 'main.ts');
const cli = (name: string) => path.join(import.meta.dirname, 'cli', `${name}.ts`);
const db = await createTestDb();
const root = mkdtempSync(path.join(os.tmpdir(), 'post-main-'));
chmodSync(root, 0o711);
const children = new Set<ChildProcess>();
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

const envFor = (extra: Record<string, string>) => serverProcessEnv({ DATA_DIR: path.join(root, 'unused'), ...extra });

function start(file: string, args: string[], extra: Record<string, string>) {
  const child = spawn(process.execPath, [file, ...args], { env: envFor(extra), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
  const output = () => stdout;
  return { child, done, output };
}

const run = (file: string, args: string[], extra: Record<string, string>) => start(file, args, extra).done;

async function until(check: () => boolean, ms: number, what: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The processes running PostgreSQL on a cluster directory. */
function postgresOn(clusterDir: string): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((f) => /^\d+$/.test(f))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (cmd[0]?.endsWith('postgres') && cmd.includes(clusterDir)) out.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const withDatabase = (name: string, user?: string) => {
  const u = new URL(db.url);
  u.pathname = `/${name}`;
  if (user) {
    u.username = user;
    u.password = 'wrong-password';
  }
  return u.toString();
};

describe('start-up problems are one line each', () => {
  it('a port in use: the port and what to change', async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      const r = await run(main, [], { DATABASE_URL: db.url, PORT: String(port) });
      expect(r.code).toBe(1);
      expect(r.stderr.trim()).toBe(`[post] Port ${port} on 127.0.0.1 is already in use: stop what uses it, or set PORT to a free port.`);
    } finally {
      busy.close();
    }
  });

  it('a failed first start creates no administrator, so the next start creates it and shows its password (issue 57 #5)', async () => {
    const busy: Server = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    const fresh = await createTestDb();
    try {
      const failed = await run(main, [], { DATABASE_URL: fresh.url, PORT: String(port) });
      expect(failed.code).toBe(1);
      expect(await fresh.db.selectFrom('users').select('username').execute()).toEqual([]);
      busy.close();
      const next = start(main, [], { DATABASE_URL: fresh.url, PORT: String(port) });
      await until(() => next.output().includes('is running at'), 60_000, next.output);
      const password = /password: (\S+)/.exec(next.output())?.[1];
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(login.status).toBe(200);
      next.child.kill('SIGTERM');
      expect((await next.done).code).toBe(0);
    } finally {
      busy.close();
      await fresh.close();
    }
  });

  it('a database that does not exist: says which', async () => {
    const r = await run(main, [], { DATABASE_URL: withDatabase('no_such_db') });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^\[post\] Database "no_such_db" does not exist on \S+: create it \(createdb no_such_db\) or correct DATABASE_URL\.$/);
  });

  it('a user the server refuses (wrong password, or no such role): says which', async () => {
    const r = await run(main, [], { DATABASE_URL: withDatabase('postgres', 'nobody_here') });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^\[post\] PostgreSQL on \S+ refused (the password of )?user "nobody_here"/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a database that does not answer: retried with a line saying so for the time allowed, then one line', async () => {
    const closed: Server = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as { port: number }).port;
    await new Promise((r) => closed.close(r));
    const lines: string[] = [];
    const started = Date.now();
    const err = await waitForDatabase(`postgres://u@127.0.0.1:${port}/x`, (l) => lines.push(l), 2500).catch((e: Error) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(lines).toEqual([`database on 127.0.0.1:${port} is not reachable (ECONNREFUSED); trying again for up to 3 s`]);
    expect((err as Error).message).toBe(`Database on 127.0.0.1:${port} is unreachable (ECONNREFUSED) after 3 s: start it, or correct DATABASE_URL.`);
  });
});

describe('the embedded database in DATA_DIR', () => {
  it('serves one server: a second is refused in one line, the CLI uses the running one, and nothing is left running after SIGTERM', async () => {
    const dataDir = path.join(root, 'site');
    const cluster = path.join(dataDir, 'postgres');
    const first = start(main, [], { DATA_DIR: dataDir });
    await until(() => first.output().includes('is running at'), 90_000, first.output);
    expect(first.output()).toContain(`[post] database: embedded (${cluster})`);
    const pid = readFileSync(path.join(dataDir, 'server.pid'), 'utf8').trim();
    expect(pid).toBe(String(first.child.pid));

    const second = await run(main, [], { DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(
      `[post] DATA_DIR ${dataDir} is in use by another running server (pid ${pid}); stop it first, or give this one another DATA_DIR (or DATABASE_URL).`,
    );

    // An administrator created while the site runs can sign in at once (the same database).
    const created = await run(cli('admin'), ['create', 'second-admin', 'second-admin-pw'], { DATA_DIR: dataDir });
    expect(created).toMatchObject({ code: 0, stdout: "Administrator 'second-admin' created.\n" });
    const port = /running at http:\/\/localhost:(\d+)/.exec(first.output())![1];
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'second-admin', password: 'second-admin-pw' }),
    });
    expect(login.status).toBe(200);

    const file = path.join(root, 'site.json.gz');
    const backup = await run(cli('backup'), ['backup', file], { DATA_DIR: dataDir });
    expect(backup.code).toBe(0);
    const users = (JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as { tables: { users: { username: string }[] } }).tables.users;
    expect(users.map((u) => u.username).sort()).toEqual(['admin', 'second-admin']);

    expect(postgresOn(cluster).length).toBeGreaterThan(0);
    first.child.kill('SIGTERM');
    expect((await first.done).code).toBe(0);
    expect(postgresOn(cluster)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    // With the site stopped, restore starts the embedded database for itself, into a new DATA_DIR.
    const other = path.join(root, 'restored');
    const restored = await run(cli('backup'), ['restore', file], { DATA_DIR: other });
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Restored into embedded: users 2,/);
    expect(postgresOn(path.join(other, 'postgres'))).toEqual([]);
    const check = await run(cli('admin'), ['create', 'second-admin'], { DATA_DIR: other });
    expect(check).toMatchObject({ code: 1, stderr: "'second-admin' already exists. Use: npx -y pnpm@10 run admin reset second-admin\n" });
  });
});
