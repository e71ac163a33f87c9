import http from 'node:http';
import pg from 'pg';
import { adminLogin, createEvent, fakeAddress, ms, now, request, sec, sleep, startApp, startCluster, summary, tempDir, timeLimit, type Check } from './lib.ts';

// `pnpm reliability:pg-restart`: PostgreSQL restarted three times in immediate mode (a crash:
// no shutdown checkpoint, every connection cut) under a load of volunteer sign-ups and member
// updates. Proves that every write the app acknowledged is stored exactly once, that the app
// rides out the outages without a restart of its own, and that /readyz reports each outage and
// recovers. Runs on its own throwaway cluster; never touches the machine's PostgreSQL.

const LOAD_MS = Number(process.env.LOAD_SECONDS ?? 40) * 1000;
const RESTART_AT_MS = [0.15, 0.45, 0.75].map((f) => Math.round(f * LOAD_MS));
const VOLUNTEER_WORKERS = 8;
const MEMBER_WORKERS = 4;
const PAUSE_MS = 20; // per worker between requests: about 300 requests/s in all
const EVENTS = 40;
const POSITIONS = 1000;
const RECOVERY_LIMIT_MS = 10_000;
const READY_POLL_MS = 50;

timeLimit(170);
const run = Date.now().toString(36);
const dir = tempDir('pg-restart');
console.log('pg-restart: starting a throwaway PostgreSQL 18 cluster and the app on it ...');
const cluster = await startCluster('restart');
const app = await startApp({ name: 'api', logDir: dir, env: { DATABASE_URL: cluster.url, TRUST_PROXY: '1' } });
const pidAtStart = app.pid;
console.log(`  cluster on 127.0.0.1:${cluster.port}, app pid ${app.pid} on ${app.base}`);

const cookie = await adminLogin(app.base);
const eventIds: number[] = [];
for (let i = 0; i < EVENTS; i++) eventIds.push(await createEvent(app.base, cookie, { title: `Restart load ${i + 1}`, positions: POSITIONS }));
const memberIds: number[] = [];
for (let i = 0; i < MEMBER_WORKERS; i++) {
  const res = await request(app.base, 'POST', '/api/members', {
    cookie,
    body: { firstName: 'Load', lastName: `Member ${i + 1}`, email: `member${i}-${run}@example.org`, membershipNumber: `R-${run}-${i}` },
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`member create failed: ${res.status} ${res.body}`);
  memberIds.push(res.json<{ id: number }>().id);
}
console.log(
  `  ${EVENTS} events with ${POSITIONS} positions each, ${MEMBER_WORKERS} members; load for ${LOAD_MS / 1000} s, restarts at ${RESTART_AT_MS.map((t) => t / 1000).join(', ')} s`,
);

// ---- load -------------------------------------------------------------------------------------
interface Outcome {
  kind: 'signup' | 'member';
  at: number;
  doneAt?: number;
  status?: number;
  error?: string;
}
const outcomes: Outcome[] = [];
const acknowledgedEmails: string[] = [];
const attemptedEmails: string[] = [];
// Member updates: each member has one writer, so its updates are ordered; the stored value must
// be the last acknowledged one, or a later attempt whose answer was lost.
const memberLog = memberIds.map(() => ({ lastAck: undefined as string | undefined, attemptsAfterAck: [] as string[], acked: 0 }));

const t0 = now();
const loadEnds = t0 + LOAD_MS;
let signupSeq = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

async function volunteerWorker(): Promise<void> {
  while (now() < loadEnds) {
    const n = ++signupSeq;
    const email = `v${n}-${run}@example.org`;
    const eventId = eventIds[n % eventIds.length];
    attemptedEmails.push(email);
    const o: Outcome = { kind: 'signup', at: now() };
    try {
      const res = await request(app.base, 'POST', '/api/volunteers', {
        agent,
        timeoutMs: 15_000,
        headers: { 'x-forwarded-for': fakeAddress(n) },
        body: { name: `Volunteer ${n}`, email, phone: '', role: '', eventId },
      });
      o.status = res.status;
      if (res.status >= 200 && res.status < 300) acknowledgedEmails.push(email);
    } catch (err) {
      o.error = (err as { code?: string }).code ?? String(err);
    }
    o.doneAt = now();
    outcomes.push(o);
    await sleep(PAUSE_MS);
  }
}

async function memberWorker(i: number): Promise<void> {
  let seq = 0;
  const log = memberLog[i];
  while (now() < loadEnds) {
    const city = `City ${++seq}`;
    log.attemptsAfterAck.push(city);
    const o: Outcome = { kind: 'member', at: now() };
    try {
      const res = await request(app.base, 'PATCH', `/api/members/${memberIds[i]}`, { agent, cookie, timeoutMs: 15_000, body: { city } });
      o.status = res.status;
      if (res.status >= 200 && res.status < 300) {
        log.lastAck = city;
        log.attemptsAfterAck = [];
        log.acked++;
      }
    } catch (err) {
      o.error = (err as { code?: string }).code ?? String(err);
    }
    o.doneAt = now();
    outcomes.push(o);
    await sleep(PAUSE_MS);
  }
}

// /readyz poller: a fresh connection each time, every 50 ms, through the whole run.
const readiness: { at: number; status: number }[] = [];
let polling = true;
const poller = (async () => {
  while (polling) {
    const at = now();
    try {
      const res = await request(app.base, 'GET', '/readyz', { timeoutMs: 3000 });
      readiness.push({ at, status: res.status });
    } catch {
      readiness.push({ at, status: 0 });
    }
    await sleep(READY_POLL_MS);
  }
})();

const restarts: { startedAt: number; upAt: number }[] = [];
const restarter = (async () => {
  for (const at of RESTART_AT_MS) {
    const wait = t0 + at - now();
    if (wait > 0) await sleep(wait);
    const r = await cluster.restart('immediate');
    restarts.push(r);
    console.log(`  restart ${restarts.length}: pg_ctl -m immediate restart took ${ms(r.upAt - r.startedAt)}`);
  }
})();

await Promise.all([...Array.from({ length: VOLUNTEER_WORKERS }, () => volunteerWorker()), ...memberIds.map((_, i) => memberWorker(i)), restarter]);
// Let /readyz settle after the last request, then stop polling.
await sleep(1500);
polling = false;
await poller;
agent.destroy();

// ---- recovery times ------------------------------------------------------------------------------
const recoveries = restarts.map((r) => {
  const first503 = readiness.find((p) => p.at >= r.startedAt - 100 && p.status !== 200);
  const back = first503 ? readiness.find((p) => p.at > first503.at && p.status === 200) : undefined;
  return {
    saw503: Boolean(first503 && first503.status === 503),
    firstBad: first503 ? first503.status : undefined,
    recoveryMs: back ? back.at - r.startedAt : undefined,
    pgUpMs: r.upAt - r.startedAt,
    window: [r.startedAt, (back?.at ?? r.upAt + RECOVERY_LIMIT_MS) + 2000] as const,
  };
});
// A request belongs to an outage when its lifetime overlaps it (sent just before the crash counts).
const inOutage = (o: { at: number; doneAt?: number }) => recoveries.some((r) => (o.doneAt ?? o.at) >= r.window[0] && o.at <= r.window[1]);

// ---- database check -------------------------------------------------------------------------------
const client = new pg.Client({ connectionString: cluster.url });
await client.connect();
const stored = await client.query<{ email: string; n: number }>(
  `select lower(email) as email, count(*)::int as n from volunteers where email like $1 group by 1`,
  [`%-${run}@example.org`],
);
const members = await client.query<{ id: number; city: string | null }>(`select id, city from members where id = any($1::int[])`, [memberIds]);
await client.end();

const storedCount = new Map(stored.rows.map((r) => [r.email, r.n]));
const duplicates = stored.rows.filter((r) => r.n > 1).length;
const missing = acknowledgedEmails.filter((e) => !storedCount.has(e.toLowerCase()));
const ackSet = new Set(acknowledgedEmails.map((e) => e.toLowerCase()));
const storedUnacked = stored.rows.filter((r) => !ackSet.has(r.email)).length;
const memberProblems = memberIds
  .map((id, i) => {
    const row = members.rows.find((r) => r.id === id);
    const log = memberLog[i];
    const okValues = new Set([log.lastAck, ...log.attemptsAfterAck].filter(Boolean));
    return row && log.lastAck && okValues.has(row.city ?? '') ? undefined : `member ${id}: stored '${row?.city}', last acknowledged '${log.lastAck}'`;
  })
  .filter(Boolean);

// ---- app still the same process, still answering ---------------------------------------------------
const health = await request(app.base, 'GET', '/healthz').catch(() => undefined);
const ready = await request(app.base, 'GET', '/readyz').catch(() => undefined);
const read = await request(app.base, 'GET', '/api/events').catch(() => undefined);
const lostLines = app
  .output()
  .split('\n')
  .filter((l) => l.includes('database connection lost')).length;

const signups = outcomes.filter((o) => o.kind === 'signup');
const updates = outcomes.filter((o) => o.kind === 'member');
const isOk = (o: Outcome) => o.status !== undefined && o.status >= 200 && o.status < 300;
const failed = outcomes.filter((o) => !isOk(o));
const failedIn = failed.filter((o) => inOutage(o));
const failedOut = failed.filter((o) => !inOutage(o));
const byKind = (list: Outcome[]) => {
  const m = new Map<string, number>();
  for (const o of list) {
    const k = o.error ? `connection error ${o.error}` : `HTTP ${o.status}`;
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m].map(([k, v]) => `${k} x${v}`).join(', ') || 'none';
};

const stillAlive = app.alive();
if (!stillAlive) {
  const ex = await app.exited;
  console.log(`\nThe app process EXITED during the run (code ${ex.code}, signal ${ex.signal}). Last lines of its output:`);
  console.log(
    app
      .output()
      .trim()
      .split('\n')
      .slice(-25)
      .map((l) => `  | ${l}`)
      .join('\n'),
  );
}
await app.stop();
cluster.stop();

const figures: [string, string | number][] = [
  [
    'load',
    `${VOLUNTEER_WORKERS} sign-up + ${MEMBER_WORKERS} member-update clients for ${sec(LOAD_MS)}, ${PAUSE_MS} ms pause each; each sign-up from its own X-Forwarded-For address (TRUST_PROXY=1) so the per-address limit of 20 per 10 min is not what is measured`,
  ],
  ['sign-ups attempted', signups.length],
  ['sign-ups acknowledged (2xx)', acknowledgedEmails.length],
  ['member updates attempted', updates.length],
  ['member updates acknowledged', memberLog.reduce((a, l) => a + l.acked, 0)],
  ['failed during outages', `${failedIn.length} (${byKind(failedIn)})`],
  ['failed outside outages', `${failedOut.length} (${byKind(failedOut)})`],
  [
    'outside-outage failures at',
    failedOut
      .slice(0, 8)
      .map((o) => {
        const r = restarts.reduce((best, x) => (Math.abs(o.at - x.startedAt) < Math.abs(o.at - best.startedAt) ? x : best), restarts[0]);
        return `${o.kind} ${o.status ?? o.error} ${((o.at - r.startedAt) / 1000).toFixed(2)} s from restart`;
      })
      .join('; ') || 'none',
  ],
  ['sign-ups stored', stored.rows.length],
  ['stored but not acknowledged', `${storedUnacked} (commit reached the disk, the answer was lost in the crash: allowed)`],
  ['duplicates', duplicates],
  ['missing (acknowledged, not stored)', missing.length],
  ['pg_ctl restart times', recoveries.map((r) => ms(r.pgUpMs)).join(', ')],
  ['/readyz recovery after restart', recoveries.map((r) => (r.recoveryMs === undefined ? 'never' : ms(r.recoveryMs))).join(', ')],
  [
    '/readyz polls (503 / other non-200)',
    `${readiness.filter((p) => p.status === 503).length} / ${readiness.filter((p) => p.status !== 200 && p.status !== 503).length} of ${readiness.length}`,
  ],
  ['"database connection lost" log lines', lostLines],
  ['app pid', `${pidAtStart} at start, ${app.pid} at end`],
];
const checks: Check[] = [
  { name: 'three immediate restarts done under load', ok: restarts.length === 3, detail: `${restarts.length}` },
  { name: 'every acknowledged sign-up stored', ok: missing.length === 0, detail: missing.slice(0, 5).join(', ') },
  { name: 'no sign-up stored twice', ok: duplicates === 0, detail: '' },
  { name: 'every member holds its last acknowledged update', ok: memberProblems.length === 0, detail: memberProblems.join('; ') },
  {
    name: 'writes succeeded between outages and after the last one',
    ok: failedOut.length === 0 && restarts.length > 0 && outcomes.some((o) => isOk(o) && o.at > restarts[restarts.length - 1].upAt),
    detail: `${failedOut.length} failures outside outage windows; ${outcomes.filter((o) => isOk(o) && restarts.length > 0 && o.at > restarts[restarts.length - 1].upAt).length} writes acknowledged after the last restart`,
  },
  {
    name: 'failures during outages were answered 5xx (no hang, no refused connection)',
    ok: failedIn.every((o) => o.status !== undefined && o.status >= 500),
    detail: byKind(failedIn),
  },
  {
    name: '/readyz answered 503 during each outage',
    ok: recoveries.every((r) => r.saw503),
    detail: recoveries.map((r) => (r.saw503 ? '503' : `first non-200: ${r.firstBad ?? 'none seen'}`)).join(', '),
  },
  {
    name: `/readyz back to 200 within ${RECOVERY_LIMIT_MS / 1000} s of each restart`,
    ok: recoveries.every((r) => r.recoveryMs !== undefined && r.recoveryMs <= RECOVERY_LIMIT_MS),
    detail: recoveries.map((r) => (r.recoveryMs === undefined ? 'never' : ms(r.recoveryMs))).join(', '),
  },
  {
    name: 'app needed no restart (same pid, /healthz, /readyz and a read answer 200)',
    ok: stillAlive && app.pid === pidAtStart && health?.status === 200 && ready?.status === 200 && read?.status === 200,
    detail: `process ${stillAlive ? 'never exited' : 'EXITED'}, healthz ${health?.status}, readyz ${ready?.status}, GET /api/events ${read?.status}`,
  },
];
const ok = summary('PostgreSQL immediate restarts under load', figures, checks);
process.exitCode = ok ? 0 : 1;
