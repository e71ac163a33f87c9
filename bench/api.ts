import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbedded } from '@post/db';
import { median } from './stats.ts';
import { startReport } from './results.ts';

const report = startReport('bench:api');

// `pnpm bench:api`: the API at a post's realistic peak, 50 clients at once, on PostgreSQL, against
// the absolute targets of decision 0062; prints PASS or FAIL for each and exits 1 on a FAIL.
// Limits stay on as in production: each sign-up and sign-in comes from an address of its own
// (X-Forwarded-For through the bench server's one trusted proxy hop), as each is another person's,
// and sign-ins spread over several staff accounts.
//   PG_CONTAINER=1        PostgreSQL 18 in a Docker container (TEST_PG_IMAGE), or BENCH_DATABASE_URL or
//                         TEST_DATABASE_URL (a fresh database is made there and dropped); else the
//                         embedded PostgreSQL in a temporary directory
//   BENCH_TARGETS=a,b     only targets whose name contains one of these (default: all)
//   BENCH_SECONDS=8       seconds per target, after 2 s of warm-up that is not counted
//   BENCH_B=/other/checkout   A/B: that checkout's bench/server.ts is measured too, alternated with
//                         this one target by target, BENCH_ROUNDS times (default 3), each on a
//                         database of its own; the figures are the rounds' medians
const CLIENTS = 50;
// The machine's own load, before this run adds to it.
const LOAD = loadavg()[0]!;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const WARM_UP = 2;
const B = process.env.BENCH_B ? path.resolve(process.env.BENCH_B) : undefined;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (B ? 3 : 1));
const TARGETS = (process.env.BENCH_TARGETS ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const wanted = (name: string) => TARGETS.length === 0 || TARGETS.some((t) => name.includes(t));

interface Server {
  port: number;
  eventIds: number[];
  accounts: string[];
  password: string;
  stop(): Promise<void>;
}

async function startServer(checkout: string, databaseUrl: string): Promise<Server> {
  const child = spawn(process.execPath, [path.join(checkout, 'bench/server.ts')], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const i = buf.indexOf('\n');
      if (i >= 0) resolve(buf.slice(0, i));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    ...(JSON.parse(line) as Omit<Server, 'stop'>),
    stop: () =>
      new Promise((r) => {
        child.removeAllListeners('exit');
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

// A distinct private address for the n-th simulated person.
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
let people = 0;

/** Reads by `connections` clients, each with an address of its own (reads have no per-address limit). */
const reads = (s: Server, url: string, connections: number, duration: number) =>
  run({
    url: `http://127.0.0.1:${s.port}${url}`,
    connections,
    duration,
    setupClient: (client) => client.setHeaders({ 'x-forwarded-for': address(++people) }),
  });

/** POSTs of `body(n)`, each from a new person's address. */
const posts = (s: Server, url: string, connections: number, duration: number, body: (n: number) => unknown) =>
  run({
    url: `http://127.0.0.1:${s.port}${url}`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = ++people;
          return { ...req, headers: { 'content-type': 'application/json', 'x-forwarded-for': address(n) }, body: JSON.stringify(body(n)) };
        },
      },
    ],
  });

const signIns = (s: Server, connections: number, duration: number) =>
  posts(s, '/api/login', connections, duration, (n) => ({ username: s.accounts[n % s.accounts.length], password: s.password }));

/** A measurement and, for each of its results, what it measured and the p99 that must hold (decision 0062). */
interface Target {
  rows: { name: string; limitMs: number }[];
  measure(s: Server, seconds: number): Promise<autocannon.Result[]>;
}

const READS = ['/api/events', '/api/events/upcoming', '/api/commander-message', '/api/news', '/api/resources'];
const PUBLIC_READ_MS = 20;
const SIGN_UP_MS = 100;
const SIGN_IN_MS = 1000;
// Sign-ins at a peak: a few people signing in while the rest read (decision 0062).
const SIGNING_IN = 10;

// Sign-ups last: they grow /api/events/upcoming, which lists volunteers' names.
const targets: Target[] = [
  ...READS.map((url) => ({
    rows: [{ name: `GET ${url}`, limitMs: PUBLIC_READ_MS }],
    measure: async (s: Server, sec: number) => [await reads(s, url, CLIENTS, sec)],
  })),
  {
    rows: [
      { name: `GET /api/events/upcoming, ${CLIENTS - SIGNING_IN} clients beside the sign-ins`, limitMs: PUBLIC_READ_MS },
      { name: `POST /api/login, ${SIGNING_IN} clients beside the reads`, limitMs: SIGN_IN_MS },
    ],
    measure: (s: Server, sec: number) => Promise.all([reads(s, '/api/events/upcoming', CLIENTS - SIGNING_IN, sec), signIns(s, SIGNING_IN, sec)]),
  },
  {
    rows: [{ name: 'POST /api/volunteers (confirmation queued)', limitMs: SIGN_UP_MS }],
    measure: async (s: Server, sec: number) => [
      await posts(s, '/api/volunteers', CLIENTS, sec, (n) => ({
        name: 'Bench Volunteer',
        email: `v${n}@example.org`,
        phone: '',
        role: '',
        eventId: s.eventIds[n % s.eventIds.length],
      })),
    ],
  },
].filter((t) => t.rows.some((r) => wanted(r.name)));

/** A fresh database on the PostgreSQL server at `url`, dropped afterwards. */
async function freshDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`create database "${name}"`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

// PostgreSQL: a container, a given server, or else the embedded one (decision 0057) in a directory of its own.
const container = process.env.PG_CONTAINER === '1' ? await (await import('@post/db/test-container')).startTestPostgres() : undefined;
const embeddedDir = container || process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-api-'));
// Run as root, the embedded server runs as postgres, which must be able to enter the directory.
if (embeddedDir) chmodSync(embeddedDir, 0o711);
const embedded = embeddedDir ? await startEmbedded({ dataDir: embeddedDir }) : undefined;
const pgUrl = (container?.url ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? embedded?.url)!;
const checkouts = B ? [path.resolve(import.meta.dirname, '..'), B] : [path.resolve(import.meta.dirname, '..')];
const databases = await Promise.all(checkouts.map(() => freshDatabase(pgUrl)));
// results[target][server][round][row]
const results: autocannon.Result[][][][] = targets.map(() => checkouts.map(() => []));
try {
  const servers: Server[] = [];
  for (const [i, checkout] of checkouts.entries()) servers.push(await startServer(checkout, databases[i]!.url));
  try {
    for (const [t, target] of targets.entries()) {
      for (let round = 0; round < ROUNDS; round++) {
        // Alternated, so neither server always runs first, and each warmed up on this target.
        const order = round % 2 === 0 ? servers.keys() : [...servers.keys()].reverse();
        for (const i of order) {
          await target.measure(servers[i]!, WARM_UP);
          results[t]![i]!.push(await target.measure(servers[i]!, DURATION));
        }
      }
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
} finally {
  await Promise.all(databases.map((d) => d.drop()));
  await container?.stop();
  await embedded?.stop();
  if (embeddedDir) rmSync(embeddedDir, { recursive: true, force: true });
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const names = B ? ['A (this checkout)', `B (${B})`] : [''];
report.print(
  `\nbench:api: ${CLIENTS} clients at once, ${DURATION} s per target after ${WARM_UP} s of warm-up${B ? `, ${ROUNDS} rounds alternated, medians` : ''}; Node ${process.version}, load average ${LOAD.toFixed(2)} before the run on ${availableParallelism()} cores\n`,
);
report.print(
  `${pad('target', 64)}${B ? pad('server', 20) : ''}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', B ? 20 : 8)}${pad('errors/non-2xx', 16)}result`,
);
let failed = false;
for (const [t, target] of targets.entries()) {
  for (const [k, row] of target.rows.entries()) {
    for (const [i, rounds] of results[t]!.entries()) {
      const runs = rounds.map((r) => r[k]!);
      const p99 = median(runs.map((r) => r.latency.p99));
      const bad = runs.reduce((n, r) => n + r.errors + r.timeouts, 0);
      const non2xx = runs.reduce((n, r) => n + r.non2xx, 0);
      const codes = [...new Set(runs.flatMap((r) => Object.keys(r.statusCodeStats ?? {}).filter((c) => !c.startsWith('2'))))];
      const pass = p99 <= row.limitMs && bad === 0 && non2xx === 0 && runs.every((r) => r['2xx'] > 0);
      failed ||= !pass;
      const each = runs.length > 1 ? ` [${runs.map((r) => r.latency.p99).join(', ')}]` : '';
      report.print(
        `${pad(i === 0 ? row.name : '', 64)}${B ? pad(names[i]!.slice(0, 19), 20) : ''}${pad(median(runs.map((r) => r.requests.average)).toFixed(0), 9)}${pad(median(runs.map((r) => r.latency.p50)), 8)}${pad(p99 + each, B ? 20 : 8)}${pad(`${bad}/${non2xx}${codes.length ? ` (${codes.join(', ')})` : ''}`, 16)}${pass ? 'PASS' : 'FAIL'} (p99 <= ${row.limitMs} ms)`,
      );
    }
  }
}
report.write();
process.exitCode = failed ? 1 : 0;
