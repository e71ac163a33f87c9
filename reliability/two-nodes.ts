import { spawn, execFileSync } from 'node:child_process';
import { writeFileSync, appendFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import {
  ADMIN,
  adminLogin,
  createEvent,
  fakeAddress,
  freePort,
  ms,
  now,
  onCleanup,
  request,
  sessionCookie,
  sleep,
  startApp,
  startCluster,
  summary,
  tempDir,
  timeLimit,
  type App,
  type Check,
  type Res,
} from './lib.ts';

// `pnpm reliability:two-nodes`: two app nodes on one PostgreSQL behind HAProxy (round robin,
// /readyz as the health check). Proves that nodes share sessions, volunteer capacity, the
// one-active commander message rule, sign-in throttling and the public cache invalidation, that
// both may start at once on an empty database (migrations under a lock), and that stopping a
// node behind the proxy loses no request. Its own cluster and proxy; nothing else is touched.

timeLimit(175);
const run = Date.now().toString(36);
const dir = tempDir('two-nodes');
const checks: Check[] = [];
const figures: [string, string | number][] = [];
const check = (name: string, ok: boolean, detail = '') => {
  checks.push({ name, ok, detail });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};
const is2xx = (r: Res | undefined) => r !== undefined && r.status >= 200 && r.status < 300;

try {
  execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
} catch {
  console.error('FAIL: haproxy is not installed. Install it with: apt-get install -y haproxy');
  process.exit(2);
}

console.log('two-nodes: a throwaway PostgreSQL 18 cluster, two app nodes started at once, HAProxy in front ...');
const cluster = await startCluster('two-nodes');
const [portA, portB, proxyPort, statsPort] = [await freePort(41000), await freePort(41000), await freePort(42000), await freePort(42000)];
const nodeEnv = { DATABASE_URL: cluster.url, TRUST_PROXY: '1' };
// Both nodes start at the same moment on the empty database: migrations must not collide.
const [a, b0] = await Promise.all([
  startApp({ name: 'a', port: portA, logDir: dir, env: nodeEnv }),
  startApp({ name: 'b', port: portB, logDir: dir, env: nodeEnv }),
]);
let b = b0;
check('both nodes started at once on an empty database', a.alive() && b.alive(), `pids ${a.pid}, ${b.pid}`);

// ---- HAProxy ------------------------------------------------------------------------------------
const cfg = path.join(dir, 'haproxy.cfg');
writeFileSync(
  cfg,
  `global
  maxconn 512

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  retries 3
  option redispatch
  # A node that is stopping answers 503 before running anything (and /readyz is not proxied
  # traffic), so a 503 or a refused connection may be replayed on the other node.
  retry-on conn-failure empty-response 503

frontend site
  bind 127.0.0.1:${proxyPort}
  # The client's address as the app sees it: overwrite, never append, what the client sent.
  http-request set-header X-Forwarded-For %[src]
  default_backend app

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats

backend app
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
  http-response set-header X-Served-By %[srv_name]
  server a 127.0.0.1:${portA} check
  server b 127.0.0.1:${portB} check
`,
);
const haproxyLog = path.join(dir, 'haproxy.log');
const haproxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
haproxy.stdout!.on('data', (d: Buffer) => appendFileSync(haproxyLog, d));
haproxy.stderr!.on('data', (d: Buffer) => appendFileSync(haproxyLog, d));
onCleanup(() => {
  if (haproxy.exitCode === null) haproxy.kill('SIGKILL');
});
const proxy = `http://127.0.0.1:${proxyPort}`;

async function serverStatus(): Promise<Record<string, string>> {
  const res = await request(`http://127.0.0.1:${statsPort}`, 'GET', '/stats;csv', { headers: { accept: 'text/plain' } });
  const lines = res.body.split('\n');
  const head = lines[0].replace(/^# /, '').split(',');
  const [px, sv, st] = ['pxname', 'svname', 'status'].map((c) => head.indexOf(c));
  const out: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const f = l.split(',');
    if (f[px] === 'app' && (f[sv] === 'a' || f[sv] === 'b')) out[f[sv]] = f[st];
  }
  return out;
}
async function waitStatus(server: 'a' | 'b', want: 'UP' | 'DOWN', limitMs: number): Promise<number | undefined> {
  const t = now();
  while (now() - t < limitMs) {
    const s = await serverStatus().catch(() => ({}) as Record<string, string>);
    if (s[server]?.startsWith(want)) return now() - t;
    await sleep(50);
  }
  return undefined;
}
const upA = await waitStatus('a', 'UP', 10_000);
const upB = await waitStatus('b', 'UP', 10_000);
check('HAProxy sees both nodes UP through /readyz', upA !== undefined && upB !== undefined, JSON.stringify(await serverStatus()));

// ---- proxy path: round robin ---------------------------------------------------------------------
{
  const served: Record<string, number> = {};
  let ok = 0;
  for (let i = 0; i < 20; i++) {
    const r = await request(proxy, 'GET', '/api/events/upcoming');
    if (is2xx(r)) ok++;
    const s = String(r.headers['x-served-by'] ?? '?');
    served[s] = (served[s] ?? 0) + 1;
  }
  figures.push(['20 GETs through the proxy served by', JSON.stringify(served)]);
  check('reads through the proxy answer 200, round robin over both nodes', ok === 20 && served.a === 10 && served.b === 10, JSON.stringify(served));
}

// ---- sessions shared ----------------------------------------------------------------------------------
const cookie = await adminLogin(a.base);
{
  const who = await request(b.base, 'GET', '/api/auth/check', { cookie });
  const write = await request(b.base, 'POST', '/api/events', {
    cookie,
    body: {
      title: 'Written through node B',
      description: 'Signed in on A.',
      location: 'Hall',
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 90_000_000).toISOString(),
      type: 'regular',
      volunteerPositions: 5,
    },
  });
  check(
    'signed in on node A, the same cookie writes on node B',
    who.status === 200 && who.body.includes('"authenticated":true') && is2xx(write),
    `auth/check ${who.status}, POST /api/events ${write.status}`,
  );
  const login = await request(proxy, 'POST', '/api/login', { body: ADMIN });
  const pc = sessionCookie(login);
  const settings = await siteSettingsBody(pc);
  const res = [];
  for (let i = 0; i < 6; i++) res.push(await request(proxy, 'PUT', '/api/admin/site-settings', { cookie: pc, body: settings }));
  const servedBy = res.map((r) => r.headers['x-served-by']).join('');
  check(
    'signed in through the proxy, 6 admin writes through the proxy (both nodes) succeed',
    res.every(is2xx),
    `${res.map((r) => r.status).join(' ')} served by ${servedBy}`,
  );
}

async function siteSettingsBody(c: string): Promise<unknown> {
  const s = await request(proxy, 'GET', '/api/site-settings', { cookie: c });
  return s.json<unknown>();
}

// ---- capacity across nodes ------------------------------------------------------------------------
const db = new pg.Client({ connectionString: cluster.url });
await db.connect();
{
  const rounds: string[] = [];
  let allExact = true;
  let seq = 1000;
  for (let round = 0; round < 4; round++) {
    const eventId = await createEvent(a.base, cookie, { title: `Capacity ${round + 1}`, positions: 10 });
    const tries = Array.from({ length: 30 }, (_, i) => {
      const node = i % 2 === 0 ? a : b;
      const n = ++seq;
      return request(node.base, 'POST', '/api/volunteers', {
        headers: { 'x-forwarded-for': fakeAddress(n) },
        body: { name: `Racer ${n}`, email: `racer${n}-${run}@example.org`, phone: '', role: '', eventId },
      });
    });
    const res = await Promise.all(tries);
    const okN = res.filter(is2xx).length;
    const full = res.filter((r) => r.status === 409).length;
    const stored = (await db.query<{ n: number }>('select count(*)::int as n from volunteers where event_id = $1', [eventId])).rows[0].n;
    rounds.push(`${okN} ok/${full} full/${stored} stored`);
    if (okN !== 10 || stored !== 10 || full !== 20) allExact = false;
  }
  figures.push(['capacity rounds (30 sign-ups, 15 per node, 10 positions)', rounds.join('; ')]);
  check('volunteer capacity holds across nodes: exactly 10 of 30 concurrent sign-ups stored, 4 rounds', allExact, rounds.join('; '));

  // Through the proxy, from one real address: 20 sign-ups is the per-address limit.
  const eventId = await createEvent(a.base, cookie, { title: 'Capacity via proxy', positions: 10 });
  const res = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      request(proxy, 'POST', '/api/volunteers', { body: { name: `Proxy ${i}`, email: `proxy${i}-${run}@example.org`, phone: '', role: '', eventId } }),
    ),
  );
  const stored = (await db.query<{ n: number }>('select count(*)::int as n from volunteers where event_id = $1', [eventId])).rows[0].n;
  const servedBy = res.map((r) => r.headers['x-served-by']).join('');
  check(
    'capacity through the proxy: 20 concurrent sign-ups, 10 positions -> 10 stored',
    res.filter(is2xx).length === 10 && stored === 10,
    `${res.filter(is2xx).length} ok, ${res.filter((r) => r.status === 409).length} full, ${stored} stored; served by ${servedBy}`,
  );
  const spoof = await request(proxy, 'POST', '/api/volunteers', {
    headers: { 'x-forwarded-for': '203.0.113.77' },
    body: { name: 'Spoofer', email: `spoof-${run}@example.org`, phone: '', role: '', eventId },
  });
  check(
    'through the proxy a client cannot choose its address: the 21st sign-up from 127.0.0.1 with a forged X-Forwarded-For is limited (429)',
    spoof.status === 429,
    `${spoof.status}`,
  );
}

// ---- one active commander message across nodes -------------------------------------------------------------
{
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const r = await request(a.base, 'POST', '/api/commander-messages', { cookie, body: { content: `<p>Message ${i + 1}</p>`, active: false } });
    if (!is2xx(r)) throw new Error(`commander message create failed: ${r.status} ${r.body}`);
    ids.push(r.json<{ id: number }>().id);
  }
  const activeCounts: number[] = [];
  const failures: string[] = [];
  let staleMax = 0;
  let neverAgreed = 0;
  for (let round = 0; round < 20; round++) {
    const res = await Promise.all(ids.map((id, i) => request(i < 2 ? a.base : b.base, 'PATCH', `/api/commander-messages/${id}/activate`, { cookie })));
    for (const r of res) if (!is2xx(r)) failures.push(`${r.status}`);
    const active = await db.query<{ id: number }>('select id from commander_messages where active');
    activeCounts.push(active.rowCount ?? 0);
    // The public (cached) answer on both nodes must follow within moments (LISTEN/NOTIFY).
    const want = active.rows[0]?.id;
    const t = now();
    let agreed = false;
    while (now() - t < 2000) {
      const [ra, rb] = await Promise.all([request(a.base, 'GET', '/api/commander-message'), request(b.base, 'GET', '/api/commander-message')]);
      if (ra.status === 200 && rb.status === 200 && ra.json<{ id: number }>().id === want && rb.json<{ id: number }>().id === want) {
        agreed = true;
        break;
      }
      await sleep(10);
    }
    if (!agreed) neverAgreed++;
    staleMax = Math.max(staleMax, now() - t);
  }
  figures.push(['active messages after each of 20 rounds', activeCounts.join(' ')]);
  figures.push(['public /api/commander-message on both nodes matched the database within', ms(staleMax)]);
  check(
    'one active commander message across nodes (4 concurrent activations via A and B, 20 rounds)',
    activeCounts.every((n) => n === 1) && failures.length === 0,
    failures.length ? `failed activations: ${failures.join(',')}` : '',
  );
  check(
    'both nodes answer the new active message within 2 s (public cache invalidated across nodes)',
    neverAgreed === 0,
    `${neverAgreed} rounds stale for 2 s; slowest ${ms(staleMax)}`,
  );
}

// ---- throttling shared --------------------------------------------------------------------------------------
async function failures(account: string, nodes: App[]): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const node = nodes[i % nodes.length];
    const r = await request(node.base, 'POST', '/api/login', { body: { username: account, password: 'wrong-password-1' } });
    statuses.push(r.status);
  }
  return statuses;
}
{
  const split = await failures(`probe-split-${run}`, [a, b]);
  const single = await failures(`probe-single-${run}`, [a]);
  const first429 = (s: number[]) => s.indexOf(429) + 1;
  figures.push(['failed sign-ins alternating A/B (statuses)', split.join(' ')]);
  figures.push(['failed sign-ins on A only (statuses)', single.join(' ')]);
  check(
    'sign-in throttling shared: 10 failures spread over A and B, then 429, as on one node',
    first429(split) === 11 && first429(single) === 11 && split.slice(0, 10).every((s) => s === 401) && split.slice(10).every((s) => s === 429),
    `first 429 at attempt ${first429(split)} (split) and ${first429(single)} (one node)`,
  );
}

// ---- a node stops behind the proxy ----------------------------------------------------------------------------
{
  const mc = await request(a.base, 'POST', '/api/members', {
    cookie,
    body: { firstName: 'Fail', lastName: 'Over', email: `failover-${run}@example.org`, membershipNumber: `F-${run}` },
  });
  const memberId = mc.json<{ id: number }>().id;
  const pc = sessionCookie(await request(proxy, 'POST', '/api/login', { body: ADMIN }));
  const outcomes: { at: number; status?: number; error?: string; by?: string; kind: string }[] = [];
  let stop = false;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let seq = 0;
  const worker = async (kind: 'read' | 'write') => {
    while (!stop) {
      const n = ++seq;
      const at = now();
      try {
        const r =
          kind === 'read'
            ? await request(proxy, 'GET', n % 2 ? '/api/events/upcoming' : '/api/news', { agent })
            : await request(proxy, 'PATCH', `/api/members/${memberId}`, { agent, cookie: pc, body: { city: `City ${n}` } });
        outcomes.push({ at, status: r.status, by: String(r.headers['x-served-by']), kind });
      } catch (err) {
        outcomes.push({ at, error: (err as { code?: string }).code ?? String(err), kind });
      }
      await sleep(10);
    }
  };
  const workers = [worker('read'), worker('read'), worker('read'), worker('write')];
  await sleep(1000);
  const stopAt = now();
  void b.stop();
  const downMs = await waitStatus('b', 'DOWN', 10_000);
  const bExit = await b.exited;
  await sleep(1000);
  const restartAt = now();
  b = await startApp({ name: 'b2', port: portB, logDir: dir, env: nodeEnv });
  const upMs = await waitStatus('b', 'UP', 10_000);
  await sleep(1000);
  stop = true;
  await Promise.all(workers);
  agent.destroy();
  const bad = outcomes.filter((o) => !(o.status !== undefined && o.status >= 200 && o.status < 300));
  const afterUp = outcomes.filter((o) => o.at > restartAt + (upMs ?? 0) + 200);
  const byNode = (list: typeof outcomes) => {
    const m: Record<string, number> = {};
    for (const o of list) if (o.by) m[o.by] = (m[o.by] ?? 0) + 1;
    return JSON.stringify(m);
  };
  figures.push([
    'stop of node B behind the proxy',
    `B exited ${ms(bExit.at - stopAt)} after SIGTERM (code ${bExit.code}); HAProxy marked it DOWN after ${downMs === undefined ? 'never' : ms(downMs)}`,
  ]);
  figures.push(['node B started again', `HAProxy marked it UP ${upMs === undefined ? 'never' : ms(upMs)} after the start command returned`]);
  figures.push([
    'requests through the proxy meanwhile',
    `${outcomes.length} (${outcomes.filter((o) => o.kind === 'write').length} admin writes), ${bad.length} not 2xx; served by ${byNode(outcomes)}; after B came back: ${byNode(afterUp)}`,
  ]);
  // A 401 is not the proxy losing a request: it is the session being gone (checked next).
  const lost = bad.filter((o) => o.status !== 401);
  const signedOut = bad.filter((o) => o.status === 401);
  check(
    'a node stopped and restarted behind the proxy: no request through the proxy failed (no 5xx, no connection error)',
    lost.length === 0 && outcomes.length > 0,
    lost
      .slice(0, 5)
      .map((o) => `${o.kind} ${o.status ?? o.error} from ${o.by} at ${ms(o.at - stopAt)} from the stop`)
      .join(', '),
  );
  check(
    'the administrator stays signed in while a node restarts (node started with ADMIN_USERNAME/ADMIN_PASSWORD)',
    signedOut.length === 0,
    signedOut.length
      ? `${signedOut.length} admin writes answered 401 from ${ms(signedOut[0].at - stopAt)} after the stop (B's start-up "password reset" of the same password deleted every session of that administrator)`
      : '',
  );
  check(
    'HAProxy took B out via /readyz and back in',
    downMs !== undefined && upMs !== undefined && afterUp.some((o) => o.by === 'b'),
    `down after ${downMs === undefined ? 'never' : ms(downMs)}, up after ${upMs === undefined ? 'never' : ms(upMs)}`,
  );
}

await db.end();
haproxy.kill('SIGTERM');
await Promise.all([a.stop(), b.stop()]);
cluster.stop();
const ok = summary('Two app nodes behind HAProxy on one PostgreSQL', figures, checks);
process.exitCode = ok ? 0 : 1;
