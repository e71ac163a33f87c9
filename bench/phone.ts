/// <reference lib="dom" />
// (The functions handed to the browser run there.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../apps/web/e2e/chromium.ts';
import { demoDataDir, demoServerEnv, freePort } from './demo-server.ts';
import { selfSignedCertificate, startHttpsFront, type Certificate } from './https-front.ts';
import { median } from './stats.ts';
import { startReport } from './results.ts';

const report = startReport('bench:phone');

// `pnpm bench:phone`: each public route as a visitor on a mid-range phone feels it (decision
// 0058 gives the profile: Slow 4G, a slower CPU, a phone's screen, no cache); the production build
// with demo content, reached through HTTPS and HTTP/2 as every deployment serves it (decision 0105).
// Per route, the median over BENCH_RUNS loads (default 5) of the first contentful paint, the
// largest contentful paint, "interactive" (React has attached to the header's first control,
// the footer's first control and the page's main control), the bytes fetched before then, and
// on /events the moment the month grid is shown. The network floor is those bytes at the link's
// speed plus the round trips a perfect page needs; interactive is also a ratio to it.
//   --ab <git-ref>   also builds <git-ref> in a temporary worktree and alternates loads between
//                    the two servers in one run: both tables, then the differences.
//   BENCH_RUNS=5     loads per route and build
//   BENCH_ROUTES=/,/events,...
//   BENCH_ADMIN=0    leaves out the signed-in admin pages
//   BENCH_DIRECT=1   the browser asks the app itself, over plain HTTP/1.1, as before decision 0105
// Then the admin pages an adjutant opens on a phone (issue 59), signed in as an administrator:
// the dashboard, an event's check-in page and renewals, each on a first visit (nothing cached, no
// service worker) and on a repeat visit (the page opened once before in the same browser profile,
// so the HTTP cache and the admin area's service worker answer what they keep; the worker stopped
// in between, as a phone stops it).
const repo = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LATENCY_MS = 150;
const DOWN_BPS = 1.6e6;
const UP_BPS = 750e3;
const CPU_SLOWDOWN = 4;
// The document, then everything it names at once (a perfect page preloads all it needs).
const PERFECT_ROUND_TRIPS = 2;
const TARGETS = { interactive: 2.5, eventsInteractive: 3.0, eventsGrid: 4.5, fcp: 1.0, adminRepeat: 1.0 };
/** The administrator the servers create at start-up (ADMIN_USERNAME/ADMIN_PASSWORD), for the admin pages. */
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
process.env.ADMIN_USERNAME = ADMIN.username;
process.env.ADMIN_PASSWORD = ADMIN.password;
const WITH_ADMIN = process.env.BENCH_ADMIN !== '0';
const DIRECT = process.env.BENCH_DIRECT === '1';
const certificate: Certificate | undefined = DIRECT ? undefined : selfSignedCertificate();

/** The page's main control, besides the header's and the footer's first ones: a selector, and the text it starts with. */
const MAIN_CONTROL: Record<string, { selector: string; text?: string }> = {
  '/events': { selector: 'main button', text: 'Volunteer' },
  '/login': { selector: 'main button[type="submit"]' },
  '/QRG': { selector: 'main input' },
  '/admin': { selector: 'main a[href^="/admin/"]' },
  '/admin/renewals': { selector: 'main button' },
  check_in: { selector: 'main button', text: 'Scan a code' },
};
const controlOf = (pathOnly: string) => MAIN_CONTROL[/\/check-in$/.test(pathOnly) ? 'check_in' : pathOnly] ?? null;

const args = process.argv.slice(2).filter((a) => a !== '--');
const abRef = args.includes('--ab') ? args[args.indexOf('--ab') + 1] : undefined;
if (args.includes('--ab') && !abRef) throw new Error('--ab needs a git ref, e.g. --ab HEAD~1');

/** A build's server: the production start of `root` with demo content on a fresh data directory. */
interface Server {
  name: string;
  /** Where the browser opens the site: the HTTPS front, or the app itself with BENCH_DIRECT=1. */
  origin: string;
  /** The app itself, for the benchmark's own requests. */
  app: string;
  child: ChildProcess;
  front?: { close: () => void };
  dataDir: string;
}

async function startServer(name: string, root: string): Promise<Server> {
  const port = await freePort();
  const app = `http://127.0.0.1:${port}`;
  const frontPort = certificate ? await freePort() : port;
  const origin = certificate ? `https://127.0.0.1:${frontPort}` : app;
  const output: string[] = [];
  const dataDir = demoDataDir('bench-phone-');
  // Behind the front the app is configured as a deployment's is: its public address, one proxy.
  const env = certificate ? { ...demoServerEnv(port, dataDir), PUBLIC_URL: origin, TRUST_PROXY: '1' } : demoServerEnv(port, dataDir);
  const child = spawn(process.execPath, [path.join(root, 'apps/api/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output.push(d.toString());
      if (d.toString().includes('is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    child.once('exit', (code) => reject(new Error(`${name}: server exited with ${code}\n${output.join('')}`)));
  });
  const front = certificate ? await startHttpsFront(frontPort, port, certificate) : undefined;
  return { name, origin, app, child, front, dataDir };
}

/** Builds `ref` in a temporary worktree (offline install from the store, then the build); returns its root. */
function buildRef(ref: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-phone-ab-'));
  // As root, the embedded PostgreSQL runs this worktree's binaries as its own user, who must enter it (decision 0057).
  chmodSync(dir, 0o755);
  const run = (cmd: string, cmdArgs: string[], cwd: string) => {
    console.log(`$ ${cmd} ${cmdArgs.join(' ')}   (in ${cwd})`);
    const r = spawnSync(cmd, cmdArgs, { cwd, stdio: 'inherit', env: process.env });
    if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${r.status})`);
  };
  run('git', ['worktree', 'add', '--detach', dir, ref], repo);
  run('pnpm', ['install', '--offline', '--frozen-lockfile'], dir);
  run('pnpm', ['run', 'build'], dir);
  return dir;
}

/** One load's figures, in seconds from the navigation's start (bytes in bytes). */
interface Load {
  fcp: number;
  lcp: number;
  interactive: number;
  grid?: number;
  bytes: number;
}

/** Installed before any page script: records paints and the moment the controls are React's. */
function observe({ main: mainControl, grid: wantGrid }: { main: { selector: string; text?: string } | null; grid: boolean }) {
  const w = window as unknown as { __bench: { fcp?: number; lcp?: number; interactive?: number; grid?: number }; __benchDone: Promise<void> };
  const b = (w.__bench = {} as typeof w.__bench);
  let done = () => {};
  w.__benchDone = new Promise<void>((resolve) => (done = resolve));
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') b.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) b.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const controls = ':is(a[href], button, input, select, textarea)';
  const isReact = (el: Element | null) => el !== null && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
  const timer = setInterval(() => {
    if (b.interactive === undefined) {
      const header = document.querySelector(`header ${controls}`);
      const footer = document.querySelector(`footer ${controls}`);
      const main = mainControl
        ? (Array.from(document.querySelectorAll(mainControl.selector)).find((el) => !mainControl.text || el.textContent?.startsWith(mainControl.text)) ?? null)
        : document.body;
      if (isReact(header) && isReact(footer) && (mainControl ? isReact(main) : true)) b.interactive = performance.now();
    }
    if (wantGrid && b.grid === undefined && document.querySelector('main [role=cell][data-date]')) b.grid = performance.now();
    if (b.interactive !== undefined && (!wantGrid || b.grid !== undefined)) {
      clearInterval(timer);
      done();
    }
  }, 50);
}

/**
 * One load of `route`. `visit`: public (a visitor, nothing cached); admin-first (signed in as the
 * administrator, nothing cached, no service worker yet); admin-repeat (signed in, the page opened
 * once before unthrottled in the same profile and its service worker ready, then stopped, then measured).
 */
async function measure(browser: Browser, origin: string, route: string, visit: 'public' | 'admin-first' | 'admin-repeat' = 'public'): Promise<Load> {
  // ignoreHTTPSErrors: for the sign-in request, which is Playwright's own; the browser trusts the front's certificate.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    baseURL: origin,
    ignoreHTTPSErrors: true,
  });
  try {
    if (visit !== 'public') {
      const res = await context.request.post('/api/login', { data: ADMIN });
      if (res.status() !== 200) throw new Error(`${origin}: admin sign-in failed (${res.status()}): ${await res.text()}`);
    }
    if (visit === 'admin-repeat') {
      const warm = await context.newPage();
      await warm.goto(`${origin}${route}`, { waitUntil: 'load', timeout: 60_000 });
      // The service worker registers after load and keeps the app's code: wait until it is active
      // (its scope is /admin/, which the dashboard at /admin is outside of; a build without one: a moment).
      await warm
        .waitForFunction(
          () => {
            // (The predicate is not awaited: it asks, and the answer is read on a later poll.)
            const w = window as unknown as { __swActive?: boolean };
            void navigator.serviceWorker?.getRegistration('/admin/').then((r) => (w.__swActive = r?.active?.state === 'activated'));
            return w.__swActive === true;
          },
          null,
          { timeout: 20_000, polling: 100 },
        )
        .catch(() => undefined);
      await warm.waitForLoadState('networkidle');
      await warm.close();
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: visit !== 'admin-repeat' });
    if (visit === 'admin-repeat') {
      // A phone stops an idle worker soon after the page is left: the repeat visit starts it again, under
      // the profile's network, as a later visit does, and after the first visit's install work (decision 0107).
      const states = new Map<string, string>();
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => versions.forEach((v) => states.set(v.versionId, v.runningStatus)));
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      for (const t = Date.now(); [...states.values()].some((s) => s !== 'stopped') && Date.now() - t < 10_000;) await page.waitForTimeout(50);
      await cdp.send('ServiceWorker.disable');
    }
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: DOWN_BPS / 8,
      uploadThroughput: UP_BPS / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const pathOnly = route.split('?')[0]!;
    await page.addInitScript(observe, { main: controlOf(pathOnly), grid: pathOnly === '/events' });
    await page.goto(`${origin}${route}`, { waitUntil: 'load', timeout: 60_000 });
    // The page's own promise, over CDP: waitForFunction runs Playwright's script on the page's main thread as it starts (decision 0109).
    const ready = cdp.send('Runtime.evaluate', { expression: 'window.__benchDone', awaitPromise: true });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), 60_000)));
    await Promise.race([ready, late])
      .catch(async (err: Error) => {
        const seen = await page.evaluate(() => JSON.stringify((window as unknown as { __bench: unknown }).__bench)).catch(() => '?');
        throw new Error(`${origin}${route}: not interactive within 60 s (seen ${seen}): ${err.message}`);
      })
      .finally(() => clearTimeout(timer));
    // The largest paint can still change once the photos are in: a moment more, then read it.
    await page.waitForTimeout(500);
    return await page.evaluate(() => {
      const b = (window as unknown as { __bench: { fcp: number; lcp?: number; interactive: number; grid?: number } }).__bench;
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const bytes = nav.transferSize + resources.filter((r) => r.responseEnd <= b.interactive).reduce((n, r) => n + r.transferSize, 0);
      return {
        fcp: b.fcp / 1000,
        lcp: (b.lcp ?? b.fcp) / 1000,
        interactive: b.interactive / 1000,
        grid: b.grid === undefined ? undefined : b.grid / 1000,
        bytes,
      };
    });
  } finally {
    await context.close();
  }
}

/** The admin pages measured: the dashboard, the check-in page of the demo's next event, renewals. */
async function adminRoutesOf(origin: string): Promise<string[]> {
  if (!WITH_ADMIN) return [];
  const events = (await (await fetch(`${origin}/api/events`)).json()) as { id: number; startDate: string }[];
  const next =
    events.filter((e) => Date.parse(e.startDate) >= Date.now() - 86_400_000).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))[0] ?? events[0]!;
  return ['/admin', `/admin/events/${next.id}/check-in`, '/admin/renewals'];
}

/** The demo content's routes, with the newest news item's page. */
async function routesOf(origin: string): Promise<string[]> {
  if (process.env.BENCH_ROUTES) return process.env.BENCH_ROUTES.split(',');
  const news = (await (await fetch(`${origin}/api/news`)).json()) as { id: number }[];
  return ['/', '/events', '/news', `/news/${news[0]!.id}`, '/resources', '/QRG', '/login', '/commander-message', '/community'];
}

interface Row {
  route: string;
  fcp: number;
  lcp: number;
  interactive: number;
  grid?: number;
  bytes: number;
  floor: number;
}

function summarize(route: string, loads: Load[]): Row {
  const of = (k: 'fcp' | 'lcp' | 'interactive' | 'bytes') => median(loads.map((l) => l[k]));
  const grids = loads.map((l) => l.grid).filter((g): g is number => g !== undefined);
  const bytes = of('bytes');
  return {
    route,
    fcp: of('fcp'),
    lcp: of('lcp'),
    interactive: of('interactive'),
    grid: grids.length ? median(grids) : undefined,
    bytes,
    floor: (bytes * 8) / DOWN_BPS + (PERFECT_ROUND_TRIPS * LATENCY_MS) / 1000,
  };
}

/** An admin route's row name: the check-in page without its event's id (the two builds' demo events differ). */
const label = (route: string) => route.replace(/\/events\/\d+\//, '/events/N/');

const s2 = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(2));
const pad = (s: string | number, n: number) => String(s).padEnd(n);

/** The table of one build, with PASS/FAIL per target; returns whether every target held. */
function printTable(name: string, rows: Row[]): boolean {
  let ok = true;
  const verdict = (pass: boolean) => {
    ok &&= pass;
    return pass ? 'PASS' : 'FAIL';
  };
  report.print(`\n${name}: phone profile, median of ${RUNS} loads per route (seconds; KB as transferred)`);
  report.print(
    `${pad('route', 34)}${pad('FCP', 7)}${pad('LCP', 7)}${pad('interactive', 13)}${pad('grid', 7)}${pad('KB before', 11)}${pad('floor', 7)}${pad('ratio', 7)}targets`,
  );
  for (const r of rows) {
    const events = r.route === '/events';
    const repeat = r.route.startsWith('repeat ');
    const targets = repeat
      ? [`interactive<=${TARGETS.adminRepeat} ${verdict(r.interactive <= TARGETS.adminRepeat)}`]
      : [
          `FCP<=${TARGETS.fcp} ${verdict(r.fcp <= TARGETS.fcp)}`,
          events
            ? `controls<=${TARGETS.eventsInteractive} ${verdict(r.interactive <= TARGETS.eventsInteractive)}`
            : `interactive<=${TARGETS.interactive} ${verdict(r.interactive <= TARGETS.interactive)}`,
          ...(events ? [`grid<=${TARGETS.eventsGrid} ${verdict(r.grid !== undefined && r.grid <= TARGETS.eventsGrid)}`] : []),
        ];
    report.print(
      `${pad(r.route, 34)}${pad(s2(r.fcp), 7)}${pad(s2(r.lcp), 7)}${pad(s2(r.interactive), 13)}${pad(s2(r.grid), 7)}${pad((r.bytes / 1024).toFixed(0), 11)}${pad(s2(r.floor), 7)}${pad((r.interactive / r.floor).toFixed(2), 7)}${targets.join('  ')}`,
    );
  }
  return ok;
}

function printDifferences(a: Row[], b: Row[], aName: string, bName: string) {
  report.print(`\nDifferences, ${aName} minus ${bName} (seconds; KB): negative is faster or smaller for ${aName}`);
  report.print(`${pad('route', 34)}${pad('FCP', 8)}${pad('LCP', 8)}${pad('interactive', 13)}${pad('grid', 8)}KB before`);
  const d = (x: number | undefined, y: number | undefined) => (x === undefined || y === undefined ? '-' : `${x - y >= 0 ? '+' : ''}${(x - y).toFixed(2)}`);
  for (const r of a) {
    const o = b.find((x) => x.route === r.route)!;
    report.print(
      `${pad(r.route, 34)}${pad(d(r.fcp, o.fcp), 8)}${pad(d(r.lcp, o.lcp), 8)}${pad(d(r.interactive, o.interactive), 13)}${pad(d(r.grid, o.grid), 8)}${d(r.bytes / 1024, o.bytes / 1024)}`,
    );
  }
}

/**
 * What this machine is like, to read the figures against another machine's run: a plain loop, and
 * fresh memory written once (a virtual machine's first touch of a page can cost many times a
 * phone's, and every new renderer pays it under the CPU slowdown; decision 0110).
 */
function machine(): string {
  let t = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x = (x * 31 + i) | 0;
  const loop = (performance.now() - t) / 1000;
  t = performance.now();
  Buffer.allocUnsafe(1 << 30).fill(x | 1);
  const touch = (performance.now() - t) / 1000;
  return `machine: a plain loop of 3e8 steps in ${loop.toFixed(2)} s; 1 GiB of fresh memory first written in ${touch.toFixed(2)} s`;
}

const here = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
const abRoot = abRef ? buildRef(abRef) : undefined;
const servers: Server[] = [];
let browser: Browser | undefined;
let allPass: boolean | undefined;
try {
  servers.push(await startServer(`this checkout (${here})`, repo));
  if (abRoot) {
    const other = spawnSync('git', ['rev-parse', '--short', abRef!], { cwd: repo, encoding: 'utf8' }).stdout.trim();
    servers.push(await startServer(`${abRef} (${other})`, abRoot));
  }
  const trust = certificate ? [`--ignore-certificate-errors-spki-list=${certificate.spki}`] : [];
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...trust] });
  const routes = await routesOf(servers[0]!.app);
  const adminRoutes = await adminRoutesOf(servers[0]!.app);
  const otherAdmin = servers[1] ? await adminRoutesOf(servers[1].app) : [];
  // Each route once per server first: the server renders a page once, then answers from its cache.
  for (const s of servers) for (const r of await routesOf(s.app)) await fetch(`${s.app}${r}`, { headers: { accept: 'text/html' } });
  const otherRoutes = servers[1] ? await routesOf(servers[1].app) : [];
  const loads = servers.map(() => new Map<string, Load[]>());
  report.print(
    `bench:phone  ${new Date().toISOString()}  load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}  ${RUNS} loads per route and build  ${certificate ? 'through HTTPS and HTTP/2' : 'direct, HTTP/1.1 (BENCH_DIRECT=1)'}`,
  );
  report.print(machine());
  for (let i = 0; i < RUNS; i++) {
    for (const [k, route] of routes.entries()) {
      // Alternated, and each round the other build first, so neither always loads after the other.
      const order = servers.map((_, j) => j);
      if (i % 2) order.reverse();
      for (const j of order) {
        // /news/{id} is the newest item of each server's own demo content.
        const r = j === 0 ? route : otherRoutes[k]!;
        const load = await measure(browser, servers[j]!.origin, r);
        const list = loads[j]!.get(route) ?? [];
        list.push(load);
        loads[j]!.set(route, list);
      }
    }
    for (const [k, route] of adminRoutes.entries()) {
      for (const visit of ['admin-first', 'admin-repeat'] as const) {
        const order = servers.map((_, j) => j);
        if (i % 2) order.reverse();
        for (const j of order) {
          const r = j === 0 ? route : otherAdmin[k]!;
          const load = await measure(browser, servers[j]!.origin, r, visit);
          const key = `${visit === 'admin-first' ? 'first' : 'repeat'} ${label(route)}`;
          const list = loads[j]!.get(key) ?? [];
          list.push(load);
          loads[j]!.set(key, list);
        }
      }
    }
    process.stdout.write(`round ${i + 1}/${RUNS} done\n`);
  }
  const keys = [...routes, ...adminRoutes.flatMap((r) => [`first ${label(r)}`, `repeat ${label(r)}`])];
  const tables = servers.map((s, j) => keys.map((route) => summarize(route, loads[j]!.get(route)!)));
  allPass = printTable(servers[0]!.name, tables[0]!);
  if (servers[1]) {
    printTable(servers[1].name, tables[1]!);
    printDifferences(tables[0]!, tables[1]!, 'this checkout', abRef!);
  }
  report.print(
    `\nload average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (a shared machine: figures move with its load)`,
  );
} finally {
  await browser?.close();
  // Each server stops its embedded database on SIGTERM; its data directory goes once it has.
  await Promise.all(
    servers.map(async (s) => {
      s.front?.close();
      const exited = new Promise((resolve) => s.child.once('exit', resolve));
      s.child.kill('SIGTERM');
      await exited;
      rmSync(s.dataDir, { recursive: true, force: true });
    }),
  );
  if (abRoot) {
    spawnSync('git', ['worktree', 'remove', '--force', abRoot], { cwd: repo, stdio: 'inherit' });
    rmSync(abRoot, { recursive: true, force: true });
  }
}
report.write();
process.exit(allPass ? 0 : 1);
