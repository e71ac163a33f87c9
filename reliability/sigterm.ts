import { chmodSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { createDb, startEmbedded } from '@post/db';
import {
  ADMIN,
  adminLogin,
  createEvent,
  fakeAddress,
  ms,
  now,
  percentile,
  request,
  sleep,
  startApp,
  startCluster,
  summary,
  tempDir,
  timeLimit,
  type Check,
  type Sent,
} from './lib.ts';

// `pnpm reliability:sigterm`: SIGTERM sent to the real server in the middle of a steady load of
// reads, volunteer sign-ups and sign-ins (argon2, about 100 ms each, so some are always in
// flight). Proves that every request that was sent before the signal got its answer, that the
// process exits by itself within 10 s, and that every acknowledged sign-up is stored. Run on
// PostgreSQL (a throwaway cluster of its own) and on the embedded PostgreSQL (a temporary DATA_DIR).

const LOAD_BEFORE_MS = 4000;
const EXIT_LIMIT_MS = 10_000;
timeLimit(170);

type Kind = 'read' | 'signup' | 'login';
interface Req extends Sent {
  kind: Kind;
  startedAt: number;
}

interface PhaseResult {
  engine: string;
  checks: Check[];
  figures: [string, string | number][];
}

async function phase(engine: 'postgres' | 'embedded'): Promise<PhaseResult> {
  const dir = tempDir(`sigterm-${engine}`);
  // As root, the embedded PostgreSQL runs as the `postgres` account, which must enter the directory.
  chmodSync(dir, 0o711);
  let databaseUrl = '';
  let cluster: Awaited<ReturnType<typeof startCluster>> | undefined;
  if (engine === 'postgres') {
    cluster = await startCluster(`sigterm`);
    databaseUrl = cluster.url;
  }
  // The app does not create a missing DATA_DIR when SESSION_SECRET is set (reported), so make it here.
  mkdirSync(path.join(dir, 'data'), { recursive: true });
  const app = await startApp({ name: engine, logDir: dir, env: { DATABASE_URL: databaseUrl, DATA_DIR: path.join(dir, 'data'), TRUST_PROXY: '1' } });
  console.log(`  [${engine}] app pid ${app.pid} on ${app.base}${cluster ? `, cluster on 127.0.0.1:${cluster.port}` : `, embedded PostgreSQL in ${dir}/data`}`);
  const cookie = await adminLogin(app.base);
  const eventIds: number[] = [];
  for (let i = 0; i < 5; i++) eventIds.push(await createEvent(app.base, cookie, { title: `Shutdown load ${i + 1}`, positions: 1000 }));

  const reqs: Req[] = [];
  const acked: string[] = [];
  let signalAt = Infinity;
  let exitedAt = Infinity;
  let seq = 0;
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const stopAt = () => Math.min(exitedAt + 500, signalAt + EXIT_LIMIT_MS + 1000);
  const run = Date.now().toString(36);

  async function worker(kind: Kind, agent: http.Agent | false): Promise<void> {
    while (now() < stopAt()) {
      const n = ++seq;
      const r: Req = { kind, startedAt: now() };
      reqs.push(r);
      const headers = { 'x-forwarded-for': fakeAddress(n) };
      try {
        if (kind === 'read') {
          const paths = ['/api/events', '/api/events/upcoming', '/api/site-settings', `/api/events/${eventIds[n % eventIds.length]}`];
          await request(app.base, 'GET', paths[n % paths.length], { agent, track: r, timeoutMs: 15_000 });
        } else if (kind === 'signup') {
          const email = `s${n}-${run}@example.org`;
          const res = await request(app.base, 'POST', '/api/volunteers', {
            agent,
            track: r,
            headers,
            timeoutMs: 15_000,
            body: { name: `Volunteer ${n}`, email, phone: '', role: '', eventId: eventIds[n % eventIds.length] },
          });
          if (res.status >= 200 && res.status < 300) acked.push(email);
        } else {
          await request(app.base, 'POST', '/api/login', { agent, track: r, headers, timeoutMs: 15_000, body: ADMIN });
        }
      } catch {
        // recorded in r
      }
      // After the signal, ask less often: the point is only to see how late requests are refused.
      await sleep(now() > signalAt ? 50 : 5);
    }
  }

  const workers = [
    ...Array.from({ length: 4 }, () => worker('read', keepAlive)),
    ...Array.from({ length: 4 }, () => worker('signup', false)),
    ...Array.from({ length: 2 }, () => worker('login', keepAlive)),
  ];
  await sleep(LOAD_BEFORE_MS);
  const inFlightAtSignal = () => reqs.filter((r) => r.sentAt !== undefined && r.doneAt === undefined).length;
  const inFlight = inFlightAtSignal();
  signalAt = now();
  app.child.kill('SIGTERM');
  const exit = await Promise.race([app.exited, sleep(EXIT_LIMIT_MS + 5000).then(() => undefined)]);
  exitedAt = exit?.at ?? Infinity;
  if (!exit) app.child.kill('SIGKILL');
  await Promise.all(workers);
  keepAlive.destroy();

  // Every acknowledged sign-up is in the database after the stop.
  let storedAcked: number;
  if (cluster) {
    const c = new pg.Client({ connectionString: cluster.url });
    await c.connect();
    const r = await c.query<{ n: number }>(`select count(*)::int as n from volunteers where email = any($1::text[])`, [acked]);
    storedAcked = r.rows[0].n;
    await c.end();
    cluster.stop();
  } else {
    const server = await startEmbedded({ dataDir: path.join(dir, 'data') });
    const h = await createDb({ databaseUrl: server.url });
    const rows = await h.db.selectFrom('volunteers').select('email').execute();
    const set = new Set(rows.map((x) => x.email));
    storedAcked = acked.filter((e) => set.has(e)).length;
    await h.close();
    await server.stop();
  }

  const ok = (r: Req) => r.status !== undefined && r.status >= 200 && r.status < 300;
  const before = reqs.filter((r) => r.sentAt !== undefined && r.sentAt < signalAt);
  const beforeFailed = before.filter((r) => !ok(r));
  const after = reqs.filter((r) => !(r.sentAt !== undefined && r.sentAt < signalAt));
  const afterBy = new Map<string, number>();
  for (const r of after) {
    const k = ok(r) ? 'answered 2xx' : r.status !== undefined ? `HTTP ${r.status}` : `${r.error}`;
    afterBy.set(k, (afterBy.get(k) ?? 0) + 1);
  }
  const readLat = before.filter((r) => r.kind === 'read' && ok(r) && r.doneAt! < signalAt).map((r) => r.doneAt! - r.startedAt);
  const slowest = Math.max(0, ...before.filter((r) => r.doneAt !== undefined && r.doneAt > signalAt).map((r) => r.doneAt! - signalAt));
  const exitMs = exit ? exit.at - signalAt : Infinity;
  const failDetail = beforeFailed
    .slice(0, 6)
    .map(
      (r) =>
        `${r.kind} ${r.status ?? r.error} (sent ${ms(signalAt - r.sentAt!)} before the signal, ${r.reused ? 'reused' : 'new'} connection${r.body ? `, body ${r.body}` : ''})`,
    )
    .join('; ');
  const label = `[${engine}]`;
  return {
    engine,
    figures: [
      [
        `${label} requests sent before SIGTERM`,
        `${before.length} (${(['read', 'signup', 'login'] as Kind[]).map((k) => `${before.filter((r) => r.kind === k).length} ${k}`).join(', ')})`,
      ],
      [`${label} read latency before the signal`, `p50 ${ms(percentile(readLat, 50))}, p99 ${ms(percentile(readLat, 99))}, max ${ms(Math.max(...readLat))}`],
      [`${label} in flight at the signal`, inFlight],
      [`${label} of those failed`, beforeFailed.length],
      [`${label} last in-flight answer after signal`, ms(slowest)],
      [`${label} requests after the signal`, `${after.length}: ${[...afterBy].map(([k, v]) => `${k} x${v}`).join(', ') || 'none'}`],
      [`${label} exit after SIGTERM`, exit ? `${ms(exitMs)} (code ${exit.code}${exit.signal ? `, signal ${exit.signal}` : ''})` : 'did not exit'],
      [`${label} sign-ups acknowledged / stored`, `${acked.length} / ${storedAcked}`],
    ],
    checks: [
      { name: `${label} every request sent before the signal was answered 2xx`, ok: before.length > 0 && beforeFailed.length === 0, detail: failDetail },
      { name: `${label} requests were in flight when the signal came`, ok: inFlight > 0, detail: `${inFlight}` },
      {
        name: `${label} process exited by itself within ${EXIT_LIMIT_MS / 1000} s with code 0`,
        ok: exitMs <= EXIT_LIMIT_MS && exit?.code === 0,
        detail: exit ? ms(exitMs) : 'no exit',
      },
      { name: `${label} every acknowledged sign-up stored`, ok: storedAcked === acked.length && acked.length > 0, detail: `${storedAcked}/${acked.length}` },
    ],
  };
}

console.log('sigterm: SIGTERM under load, on PostgreSQL (own cluster) and on the embedded PostgreSQL ...');
const results: PhaseResult[] = [];
const engines = (process.env.ENGINES ?? 'postgres,embedded').split(',') as ('postgres' | 'embedded')[];
for (const engine of engines) results.push(await phase(engine));
const okAll = summary(
  'Graceful stop on SIGTERM under load',
  [
    [
      'load',
      '4 keep-alive readers, 4 sign-up clients (a new connection per request), 2 sign-in clients (keep-alive); sign-ups and sign-ins each from their own X-Forwarded-For address (TRUST_PROXY=1)',
    ],
    ...results.flatMap((r) => r.figures),
  ],
  results.flatMap((r) => r.checks),
);
process.exitCode = okAll ? 0 : 1;
