import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pgBinDir } from './pg-bin.ts';

// Shared pieces of the reliability scripts: a throwaway PostgreSQL cluster, the real app
// server as a child process, a small HTTP client that tells what happened to each request,
// and a PASS/FAIL summary. These scripts print figures; they are not part of the test command.

export const ROOT = path.resolve(import.meta.dirname, '..');
export const MAIN = path.join(ROOT, 'apps/api/src/main.ts');
/** PostgreSQL 18's server binaries: the embedded server's own unless PG_BIN says (decision 0090). */
export const PG_BIN = pgBinDir();
export const SESSION_SECRET = 'reliability-session-secret-0123456789-abcdefghij';
export const ADMIN = { username: 'reliability', password: 'reliability-pass-123' };

export const now = (): number => performance.now();
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`Node ${process.version}: these scripts need Node 24. Run them as \`npx -y pnpm@10 run reliability:<name>\` from the repository root.`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Clean-up and a hard time limit: every script stops by itself and leaves nothing behind.

const cleanups: (() => void)[] = [];
/** Registers a synchronous clean-up, run once at exit (normal, error, signal or time limit). */
export function onCleanup(fn: () => void): void {
  cleanups.push(fn);
}
let cleaned = false;
export function cleanupNow(): void {
  if (cleaned) return;
  cleaned = true;
  for (const fn of cleanups.reverse()) {
    try {
      fn();
    } catch {
      // keep cleaning
    }
  }
}
process.on('exit', cleanupNow);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(sig, () => {
    console.error(`\n${sig}: cleaning up`);
    cleanupNow();
    process.exit(130);
  });
}
process.on('unhandledRejection', (err) => {
  console.error('FAIL: unexpected error:', err);
  cleanupNow();
  process.exit(1);
});

/** Ends the script with FAIL if it has not finished after `seconds`. */
export function timeLimit(seconds: number): void {
  setTimeout(() => {
    console.error(`FAIL: the script did not finish within ${seconds} s; stopping.`);
    cleanupNow();
    process.exit(1);
  }, seconds * 1000).unref();
}

export function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `reliability-${label}-`));
  onCleanup(() => {
    if (!process.env.KEEP_TMP) rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Ports

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

const handedOut = new Set<number>();
/** A free TCP port on 127.0.0.1 at or above `from` (55432+ by default, clear of the machine's 5432). */
export async function freePort(from = 55432): Promise<number> {
  const start = from + Math.floor(Math.random() * 2000);
  for (let p = start; p < start + 2000; p++) {
    if (handedOut.has(p)) continue;
    if (await portIsFree(p)) {
      handedOut.add(p);
      return p;
    }
  }
  throw new Error('no free port found');
}

// ---------------------------------------------------------------------------------------------
// A throwaway PostgreSQL cluster of our own (never the machine's server on 5432).

/** Runs a PostgreSQL binary as the `postgres` system user when we are root (initdb refuses root). */
function pgCmd(bin: string, args: string[], opts: { timeoutMs?: number } = {}): string {
  const file = path.join(PG_BIN, bin);
  const asRoot = process.getuid?.() === 0;
  const cmd = asRoot ? 'runuser' : file;
  const argv = asRoot ? ['-u', 'postgres', '--', file, ...args] : args;
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: opts.timeoutMs ?? 60_000 });
}

export interface Cluster {
  port: number;
  url: string;
  dataDir: string;
  log: string;
  /** `pg_ctl restart` in the given mode; resolves when pg_ctl reports the server up again. */
  restart(mode?: 'immediate' | 'fast'): Promise<{ startedAt: number; upAt: number }>;
  stop(): void;
}

export async function startCluster(label: string): Promise<Cluster> {
  if (process.env.PG_CONTAINER === '1') return startContainerCluster();
  const dir = tempDir(`pg-${label}`);
  const port = await freePort();
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  pgCmd('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  pgCmd('pg_ctl', ['-D', dataDir, '-o', opts, '-l', log, '-w', 'start']);
  let running = true;
  const stop = () => {
    if (!running) return;
    running = false;
    try {
      pgCmd('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { timeoutMs: 30_000 });
    } catch {
      // already down
    }
  };
  onCleanup(stop);
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    log,
    stop,
    restart: (mode = 'immediate') =>
      new Promise((resolve, reject) => {
        const startedAt = now();
        const file = path.join(PG_BIN, 'pg_ctl');
        const args = ['-D', dataDir, '-m', mode, '-l', log, '-w', 'restart'];
        const asRoot = process.getuid?.() === 0;
        const child = spawn(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, { stdio: 'ignore' });
        child.once('error', reject);
        child.once('exit', (code) => (code === 0 ? resolve({ startedAt, upAt: now() }) : reject(new Error(`pg_ctl restart exited with ${code}`))));
      }),
  };
}

/**
 * PG_CONTAINER=1: the same throwaway server as a PostgreSQL 18 container (TEST_PG_IMAGE,
 * default postgres:18; see packages/db/src/test-container.ts), for a machine with Docker but
 * no PostgreSQL binaries. Its port is pinned so the URL survives restarts; the container is
 * removed at the end, and by its reaper however the script ends.
 */
async function startContainerCluster(): Promise<Cluster> {
  const { startTestPostgres } = await import('@post/db/test-container');
  const port = await freePort();
  const server = await startTestPostgres({ hostPort: port });
  onCleanup(() => void server.stop());
  const answers = async (): Promise<boolean> => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: server.url, connectionTimeoutMillis: 1000 });
    try {
      await c.connect();
      await c.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await c.end().catch(() => {});
    }
  };
  return {
    port,
    url: server.url,
    dataDir: `(container ${server.id.slice(0, 12)}, ${server.image})`,
    log: `(docker logs ${server.id.slice(0, 12)})`,
    stop: () => void server.stop(),
    // Immediate: SIGQUIT to the postmaster, as `pg_ctl -m immediate`; then the container is
    // started again and we wait until it accepts connections, as `pg_ctl -w` does.
    restart: async (mode = 'immediate') => {
      const startedAt = now();
      await server.restart(mode);
      while (!(await answers())) await sleep(100);
      return { startedAt, upAt: now() };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The real app server (apps/api/src/main.ts) as a child process.

export interface App {
  name: string;
  pid: number;
  port: number;
  base: string;
  child: ChildProcess;
  log: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  alive(): boolean;
  output(): string;
  stop(): Promise<void>;
}

export async function startApp(opts: { name: string; env: Record<string, string>; port?: number; logDir: string }): Promise<App> {
  const port = opts.port ?? (await freePort(41000));
  const log = path.join(opts.logDir, `app-${opts.name}.log`);
  writeFileSync(log, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: '0',
    // A knob for diagnosis, e.g. APP_NODE_OPTIONS=--trace-deprecation.
    ...(process.env.APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.APP_NODE_OPTIONS } : {}),
    // The built web app is served when present; WEB_DIST=/nonexistent runs the API alone.
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    ...opts.env,
  };
  const child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => {
    const s = d.toString();
    out = (out + s).slice(-200_000);
    appendFileSync(log, s);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: now() })),
  );
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const started = now();
  while (!out.includes('is running at')) {
    if (child.exitCode !== null) throw new Error(`app ${opts.name} exited with ${child.exitCode}:\n${out}`);
    if (now() - started > 60_000) throw new Error(`app ${opts.name} did not start within 60 s:\n${out}`);
    await sleep(50);
  }
  return {
    name: opts.name,
    pid: child.pid!,
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    log,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => out,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(t);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP: one request, with what happened to it.

export interface Res {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  json<T>(): T;
}

export interface Sent {
  /** When the whole request was handed to the socket (undefined: never sent). */
  sentAt?: number;
  /** Whether the request went over a reused keep-alive connection. */
  reused?: boolean;
  doneAt?: number;
  status?: number;
  error?: string;
  /** The start of the answer's body when it was not 2xx. */
  body?: string;
}

export interface ReqOpts {
  body?: unknown;
  headers?: Record<string, string>;
  cookie?: string;
  agent?: http.Agent | false;
  timeoutMs?: number;
  /** Filled as the request goes: when it was sent, how it ended. */
  track?: Sent;
}

/** Sends one request; resolves with the answer, rejects with an Error whose `code` tells a connection failure. */
export function request(base: string, method: string, pathname: string, opts: ReqOpts = {}): Promise<Res> {
  const url = new URL(pathname, base);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  if (opts.cookie) headers.cookie = opts.cookie;
  const track = opts.track;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: opts.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) => fail(err));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (track) {
          track.doneAt = now();
          track.status = res.statusCode;
          if ((res.statusCode ?? 0) >= 300) track.body = text.slice(0, 160);
        }
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          body: text,
          headers: res.headers,
          json: () => JSON.parse(text),
        });
      });
    });
    const timer = setTimeout(() => req.destroy(Object.assign(new Error('request timed out'), { code: 'ETIMEDOUT' })), opts.timeoutMs ?? 20_000);
    const fail = (err: Error & { code?: string }) => {
      clearTimeout(timer);
      if (track && track.doneAt === undefined) {
        track.doneAt = now();
        track.error = err.code ?? err.message;
      }
      reject(err);
    };
    req.on('error', fail);
    req.on('socket', (s) => {
      if (track) track.reused = req.reusedSocket;
      void s;
    });
    req.on('finish', () => {
      if (track) track.sentAt = now();
    });
    req.end(body);
  });
}

/** The `name=value` part of the session cookie in a Set-Cookie answer. */
export function sessionCookie(res: Res): string {
  const set = res.headers['set-cookie'] ?? [];
  const sid = set.map((c) => c.split(';')[0]).find((c) => c.startsWith('sid=') || c.startsWith('__Host-sid='));
  if (!sid) throw new Error(`no session cookie in the answer (${res.status} ${res.body.slice(0, 200)})`);
  return sid;
}

/** Signs in as the script's administrator; returns the cookie. */
export async function adminLogin(base: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await request(base, 'POST', '/api/login', { body: ADMIN, headers });
  if (res.status !== 200) throw new Error(`admin sign-in failed: ${res.status} ${res.body}`);
  return sessionCookie(res);
}

/** Creates an event starting in `days` days; returns its id. */
export async function createEvent(base: string, cookie: string, opts: { title: string; positions: number; days?: number }): Promise<number> {
  const start = new Date(Date.now() + (opts.days ?? 30) * 86_400_000);
  const end = new Date(start.getTime() + 3 * 3_600_000);
  const res = await request(base, 'POST', '/api/events', {
    cookie,
    body: {
      title: opts.title,
      description: 'Created by a reliability script.',
      location: 'Post hall',
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      type: 'community',
      volunteerPositions: opts.positions,
    },
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`event create failed: ${res.status} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/** A distinct client address for the n-th simulated client (sent as X-Forwarded-For; honoured with TRUST_PROXY=1). */
export function fakeAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

// ---------------------------------------------------------------------------------------------
// Summary

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export function summary(title: string, figures: [string, string | number][], checks: Check[]): boolean {
  const width = Math.max(...figures.map(([k]) => k.length), 10) + 2;
  console.log(`\n=== ${title} ===`);
  for (const [k, v] of figures) console.log(`  ${k.padEnd(width)}${v}`);
  console.log('');
  for (const c of checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}${c.detail ? `: ${c.detail}` : ''}`);
  const ok = checks.every((c) => c.ok);
  console.log(`\n${ok ? 'PASS' : 'FAIL'}: ${title} (${checks.filter((c) => c.ok).length}/${checks.length} checks passed)`);
  return ok;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

export const ms = (v: number): string => `${Math.round(v)} ms`;
export const sec = (v: number): string => `${(v / 1000).toFixed(2)} s`;
