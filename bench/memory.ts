import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { CLUSTER } from '@post/db';
import { freePort } from './demo-server.ts';
import { startReport } from './results.ts';

const results = startReport('bench:memory');

// `pnpm bench:memory`: the production build as production runs it (one `node` process on
// apps/api/dist/main.js, no package manager around it), measured from /proc: RSS and PSS of the
// app and of its PostgreSQL (the postmaster and all its children), at rest after the start, at
// the peak while a browser signs in an administrator and loads every public page and the admin
// dashboard and while 50 clients read and sign in, and at rest again; then the peaks of a backup
// and of a restore (the CLI process and the PostgreSQL serving it). Once on the embedded
// PostgreSQL, once on PostgreSQL in a container (TEST_PG_IMAGE, default post-test-pg:18).
// Targets (issue 40, decision 0060): PASS/FAIL per line, exit 1 on a FAIL.
//   BENCH_MODES=embedded,external   BENCH_SECONDS=10 (the load)   CHROMIUM_PATH=/usr/bin/chromium
const ROOT = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const BACKUP = path.join(ROOT, 'apps/api/dist/backup.js');
const MODES = (process.env.BENCH_MODES ?? 'embedded,external').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_IMAGE = process.env.TEST_PG_IMAGE ?? 'post-test-pg:18';
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const MB = 1024 * 1024;
const TARGETS = { appIdle: 250, appPeak: 350, sitePeak: 450, cliPeak: 300 };
// As the image, the systemd unit and `pnpm start` run it (decisions 0060, 0069): a smaller young
// generation, two malloc arenas and a fixed mmap threshold; and the old generation V8 gives itself on a 1 GB server, since on
// this larger machine it lets garbage pile up far longer (decision 0060).
const NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=256'];
const MALLOC = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

if (!existsSync(MAIN)) throw new Error('No production build: run `npx -y pnpm@10 run build` first (bench:memory does).');

interface Mem {
  rss: number;
  pss: number;
}
const ZERO: Mem = { rss: 0, pss: 0 };
const add = (a: Mem, b: Mem): Mem => ({ rss: a.rss + b.rss, pss: a.pss + b.pss });

/** RSS and PSS of one process from /proc/<pid>/smaps_rollup (zero once it is gone). */
function memOf(pid: number): Mem {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
    return { rss: kb('Rss'), pss: kb('Pss') };
  } catch {
    return ZERO;
  }
}

/** The process and all its descendants, from each /proc/<pid>/stat's parent. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // Gone between the listing and the read.
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

const sumOf = (pids: number[]) => pids.map(memOf).reduce(add, ZERO);

/** Samples `who()` until stopped; keeps the peak of each figure, summed at the same instant. */
function sampler(who: () => { app: number[]; pg: number[] }) {
  const peak = { app: ZERO, pg: ZERO, site: ZERO };
  const take = () => {
    const w = who();
    const app = sumOf(w.app);
    const pg = sumOf(w.pg);
    const max = (a: Mem, b: Mem): Mem => ({ rss: Math.max(a.rss, b.rss), pss: Math.max(a.pss, b.pss) });
    peak.app = max(peak.app, app);
    peak.pg = max(peak.pg, pg);
    peak.site = max(peak.site, add(app, pg));
  };
  take();
  const timer = setInterval(take, 100);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

/** The postmaster of a cluster directory, from its postmaster.pid. */
function postmaster(clusterDir: string): number | undefined {
  const file = path.join(clusterDir, 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

const docker = (...args: string[]) => execFileSync('docker', args, { encoding: 'utf8' }).trim();

interface Database {
  env: Record<string, string>;
  /** The postmaster's pid, once it runs. */
  postmaster(): number | undefined;
  /** Settings for a restore into an empty database. */
  emptyDatabase(): Promise<{ env: Record<string, string>; postmaster(): number | undefined; dispose(): void }>;
  dispose(): void;
}

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-memory-'));
  // The embedded PostgreSQL runs as the user `postgres` when the bench runs as root.
  chmodSync(dir, 0o755);
  return dir;
}

function embedded(): Database {
  const dataDir = newDataDir();
  return {
    env: { DATA_DIR: dataDir },
    postmaster: () => postmaster(path.join(dataDir, CLUSTER)),
    emptyDatabase: async () => {
      const dir = newDataDir();
      return { env: { DATA_DIR: dir }, postmaster: () => postmaster(path.join(dir, CLUSTER)), dispose: () => rmSync(dir, { recursive: true, force: true }) };
    },
    dispose: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function external(): Promise<Database> {
  const password = randomBytes(12).toString('hex');
  const id = docker(
    'run',
    '-d',
    '--rm',
    '-p',
    '127.0.0.1::5432',
    '-e',
    'POSTGRES_USER=post',
    '-e',
    `POSTGRES_PASSWORD=${password}`,
    '-e',
    'POSTGRES_DB=post',
    PG_IMAGE,
  );
  const port = docker('port', id, '5432/tcp').split('\n')[0]!.split(':').pop();
  for (let i = 0; ; i++) {
    try {
      docker('exec', id, 'pg_isready', '-U', 'post', '-d', 'post', '-h', '127.0.0.1');
      break;
    } catch (err) {
      if (i > 60) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  // The entrypoint execs postgres: the container's first process is the postmaster.
  const pid = Number(docker('inspect', '-f', '{{.State.Pid}}', id));
  const url = (db: string) => `postgres://post:${password}@127.0.0.1:${port}/${db}`;
  const dataDir = newDataDir();
  return {
    env: { DATABASE_URL: url('post'), SESSION_SECRET: randomBytes(32).toString('hex'), DATA_DIR: dataDir },
    postmaster: () => pid,
    emptyDatabase: async () => {
      docker('exec', id, 'psql', '-U', 'post', '-d', 'post', '-c', 'CREATE DATABASE post_restore');
      return { env: { DATABASE_URL: url('post_restore') }, postmaster: () => pid, dispose: () => undefined };
    },
    dispose: () => {
      docker('rm', '-f', id);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function startApp(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(async () => {
      if (child.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`the app exited with ${child.exitCode}: ${err}`));
      } else if (Date.now() - started > 120_000) {
        clearInterval(poll);
        child.kill();
        reject(new Error('the app was not ready within 120 s'));
      } else if ((await fetch(`${env.PUBLIC_URL}/readyz`).catch(() => undefined))?.ok) {
        clearInterval(poll);
        resolve(child);
      }
    }, 250);
  });
}

/** Runs a CLI to its end, sampling it and the PostgreSQL serving it; the peaks. */
async function cliPeak(args: string[], env: Record<string, string>, pgPid: () => number | undefined) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const s = sampler(() => {
    const pg = pgPid();
    return { app: [child.pid!], pg: pg ? tree(pg) : [] };
  });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  const peak = s.stop();
  if (code !== 0) throw new Error(`${path.basename(args[0]!)} ${args[1]} exited with ${code}: ${out}`);
  return peak;
}

/** Every public page and the admin dashboard, in a browser signed in as the administrator. */
async function browse(origin: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ baseURL: origin });
    const login = await context.request.post('/api/login', { data: ADMIN });
    if (login.status() !== 200) throw new Error(`admin sign-in answered ${login.status()}`);
    const news = (await (await fetch(`${origin}/api/news`)).json()) as { id: number }[];
    const pages = ['/', '/events', '/news', `/news/${news[0]?.id}`, '/resources', '/QRG', '/login', '/commander-message', '/community', '/admin'];
    const page = await context.newPage();
    for (const url of pages) {
      const res = await page.goto(url, { waitUntil: 'networkidle' });
      if (!res?.ok()) throw new Error(`${url} answered ${res?.status()}`);
    }
  } finally {
    await browser.close();
  }
}

const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
let people = 0;

/** A short bench:api-like load: 50 clients reading pages and the API, a few of them signing in. */
function load(origin: string): Promise<unknown> {
  const run = (opts: autocannon.Options) => new Promise((resolve, reject) => autocannon(opts, (err, r) => (err ? reject(err) : resolve(r))));
  const each = { duration: SECONDS, setupClient: (c: autocannon.Client) => c.setHeaders({ 'x-forwarded-for': address(++people) }) };
  return Promise.all([
    run({ ...each, url: `${origin}/`, connections: 16 }),
    run({ ...each, url: `${origin}/events`, connections: 10 }),
    run({ ...each, url: `${origin}/api/events/upcoming`, connections: 20 }),
    run({
      url: `${origin}/api/login`,
      duration: SECONDS,
      connections: 4,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address(++people) },
            body: JSON.stringify(ADMIN),
          }),
        },
      ],
    }),
  ]);
}

const mb = (n: number) => `${Math.round(n / MB)}`.padStart(5);
const rows: { line: string; ok: boolean }[] = [];
function report(what: string, m: Mem, limit?: number, by: 'rss' | 'pss' = 'rss') {
  const ok = limit === undefined || m[by] <= limit * MB;
  const verdict = limit === undefined ? '' : `${ok ? 'PASS' : 'FAIL'} (${by.toUpperCase()} <= ${limit} MB)`;
  rows.push({ line: `${what.padEnd(44)} ${mb(m.rss)} ${mb(m.pss)}  ${verdict}`, ok });
}

/** Why PostgreSQL in a container cannot be measured here, or null when it can. */
function externalUnavailable(): string | null {
  const quiet = (...args: string[]) => execFileSync('docker', args, { stdio: 'pipe' });
  try {
    quiet('info', '--format', '{{.ServerVersion}}');
  } catch {
    return 'no Docker engine answers (docker info failed); start one to measure PostgreSQL in a container';
  }
  try {
    quiet('image', 'inspect', PG_IMAGE);
  } catch {
    return `the Docker engine has no image ${PG_IMAGE} (build it: scripts/build-test-pg-image.sh, or set TEST_PG_IMAGE)`;
  }
  return null;
}

async function measure(mode: string): Promise<void> {
  const db = mode === 'embedded' ? embedded() : await external();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: '',
    SESSION_SECRET: '',
    LOG_LEVEL: 'warn',
    ...MALLOC,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    TRUST_PROXY: '1',
    SEED_DEMO: 'true',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...db.env,
  };
  let app: ChildProcess | undefined;
  try {
    app = await startApp(env);
    const who = () => {
      const pg = db.postmaster();
      return { app: [app!.pid!], pg: pg ? tree(pg) : [] };
    };
    await new Promise((r) => setTimeout(r, 5000));
    const idle = sampler(who).stop();
    const busy = sampler(who);
    await browse(origin);
    await load(origin);
    const peak = busy.stop();
    await new Promise((r) => setTimeout(r, 10_000));
    const after = sampler(who).stop();
    const file = path.join(env.DATA_DIR, 'bench.json.gz');
    const backup = await cliPeak([BACKUP, 'backup', file], env, db.postmaster);
    app.kill('SIGTERM');
    await new Promise((r) => app!.once('exit', r));
    app = undefined;
    const empty = await db.emptyDatabase();
    let restore;
    try {
      restore = await cliPeak([BACKUP, 'restore', file], { ...env, ...empty.env }, empty.postmaster);
    } finally {
      empty.dispose();
    }
    rows.push({ line: `\n${mode} PostgreSQL${' '.repeat(34 - mode.length)}   RSS   PSS (MB)`, ok: true });
    report('app at rest after the start', idle.app, TARGETS.appIdle);
    report('app at rest after the load', after.app, TARGETS.appIdle);
    report('app peak (browser, then 50 clients)', peak.app, TARGETS.appPeak);
    report('PostgreSQL at rest after the start', idle.pg);
    report('PostgreSQL peak', peak.pg);
    report('app + PostgreSQL peak (same instant)', peak.site, mode === 'embedded' ? TARGETS.sitePeak : undefined, 'pss');
    report('backup: the CLI process, peak', backup.app, TARGETS.cliPeak);
    report('backup: CLI + PostgreSQL peak', backup.site);
    report('restore: the CLI process, peak', restore.app, TARGETS.cliPeak);
    report('restore: CLI + PostgreSQL peak', restore.site);
  } finally {
    if (app) {
      app.kill('SIGTERM');
      await new Promise((r) => app!.once('exit', r));
    }
    db.dispose();
  }
}

results.print(`bench:memory on Node ${process.version}, ${SECONDS} s of load, build ${path.relative(ROOT, MAIN)}`);
let failed = false;
for (const mode of MODES) {
  // Without a Docker engine or the image, the external part is skipped with the reason (issue 57).
  const skip = mode === 'external' ? externalUnavailable() : null;
  if (skip) {
    rows.push({ line: `\nexternal: skipped: ${skip}`, ok: true });
    continue;
  }
  try {
    await measure(mode);
  } catch (err) {
    failed = true;
    rows.push({ line: `\n${mode}: ${err instanceof Error ? err.message : String(err)}`, ok: false });
  }
}
for (const r of rows) results.print(r.line);
results.write();
if (failed || rows.some((r) => !r.ok)) process.exit(1);
