/// <reference lib="dom" />
// (The functions handed to page.evaluate run in the browser.)
import { availableParallelism, loadavg } from 'node:os';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startLighthouseSetup } from './lighthouse-setup.ts';
import { startReport } from './results.ts';

const report = startReport('bench:inp');

// `pnpm bench:inp`: interaction latency as INP counts it (from the input to the next paint,
// read from the browser's Event Timing API) for the interactions issue 16 names, on the
// production build with demo content, a phone-sized window and the CPU slowed 4x (CDP
// Emulation.setCPUThrottlingRate). Every repetition loads its page afresh, waits until the
// main thread is idle (the page has hydrated), then acts, so the figures are a visitor's first
// interaction with a page. Prints the median and worst latency per interaction against the
// 200 ms target; exits 1 when one misses it. Selectors are roles, labels and the spec's texts.
//   BENCH_RUNS=5              repetitions per interaction
//   BENCH_VIEWPORT=390x844    window size (e.g. 1280x800 for the calendar's month grid)
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const [WIDTH, HEIGHT] = (process.env.BENCH_VIEWPORT ?? '390x844').split('x').map(Number) as [number, number];
const CPU_SLOWDOWN = 4;
const TARGET_MS = 200;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const ZONE = 'America/New_York'; // the demo content's post time zone (the setting's default)

// The server creates this administrator at start-up (ADMIN_USERNAME/ADMIN_PASSWORD; the setup
// passes its own environment on to the server).
process.env.ADMIN_USERNAME = ADMIN.username;
process.env.ADMIN_PASSWORD = ADMIN.password;
const setup = await startLighthouseSetup(['/', '/events']);
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${setup.chromePort}`).catch(async (err: unknown) => {
  await setup.stop();
  throw err;
});

interface Timing {
  name: string;
  duration: number;
  interactionId: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
}

/** One interaction's latency (0: under the API's 16 ms threshold) and where its time went. */
interface Sample {
  ms: number;
  /** Input delay (the main thread was busy), event handlers, then rendering until the paint. */
  phases?: { delay: number; handlers: number; paint: number; event: string };
}

/** Every Event Timing entry of the page, kept where the bench can read it (installed before any page script). */
function observeEventTiming() {
  const w = window as unknown as { __eventTiming: Timing[] };
  w.__eventTiming = [];
  new PerformanceObserver((list) => {
    // interactionId is newer than TypeScript's DOM types.
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
      const { name, duration, interactionId, startTime, processingStart, processingEnd } = e;
      w.__eventTiming.push({ name, duration, interactionId, startTime, processingStart, processingEnd });
    }
    // 16 ms is the lowest threshold the API allows; a shorter interaction reports no entry.
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
}

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: setup.origin, viewport: { width: WIDTH, height: HEIGHT } });
  await context.addInitScript(observeEventTiming);
  return context;
}

/** A fresh page with the CPU slowed, loaded and hydrated: no network for 500 ms, then an idle main thread. */
async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(path, { waitUntil: 'networkidle' });
  await idle(page);
  return page;
}

/** Resolves once the page's main thread has been idle twice in a row (the app's start-up work is done). */
async function idle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let left = 2;
        const step = () => (--left === 0 ? resolve() : requestIdleCallback(step, { timeout: 5000 }));
        requestIdleCallback(step, { timeout: 5000 });
      }),
  );
}

/**
 * Runs `act` and returns its latency in ms as Event Timing reports it: an interaction's latency
 * is its longest entry (pointerdown, pointerup and click of one click share an interaction id).
 * `keys` > 0: one sample per interaction (each key typed), padded to `keys` with 0 ("under 16":
 * the API reports nothing under its threshold). Otherwise one sample, the longest of all.
 */
async function measure(page: Page, act: () => Promise<void>, keys = 0): Promise<Sample[]> {
  const since = await page.evaluate(() => performance.now());
  await act();
  // Entries are delivered after the paint that ends them: let two frames pass, and a moment.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 250)))));
  const entries = await page.evaluate(
    (t) => (window as unknown as { __eventTiming: Timing[] }).__eventTiming.filter((e) => e.startTime >= t && e.interactionId > 0),
    since,
  );
  const byId = new Map<number, Timing[]>();
  for (const e of entries) byId.set(e.interactionId, [...(byId.get(e.interactionId) ?? []), e]);
  const groups = keys > 0 ? [...byId.values()] : [entries];
  const samples: Sample[] = [];
  for (const group of groups) {
    if (group.length === 0) continue;
    const longest = group.reduce((a, b) => (b.duration > a.duration ? b : a));
    const end = longest.startTime + longest.duration;
    const delay = longest.processingStart - longest.startTime;
    const handlers = group
      .filter((e) => e.processingStart >= longest.startTime && e.processingEnd <= end)
      .reduce((sum, e) => sum + e.processingEnd - e.processingStart, 0);
    samples.push({ ms: longest.duration, phases: { delay, handlers, paint: Math.max(0, longest.duration - delay - handlers), event: longest.name } });
  }
  while (samples.length < Math.max(keys, 1)) samples.push({ ms: 0 });
  return samples;
}

/**
 * A tap on the element's centre, by mouse events alone, ready to be timed: the element is found
 * and scrolled to before, and the page left to settle. Playwright's own click and role queries
 * run in the page: traced on 2026-11-25, its role queries polling for the opened dialog took
 * 46-62 ms of the main thread (CPU 4x slower) and its hit-target check 8 ms, inside the
 * interaction measured. So the timed part is mouse events and a CSS selector; the accessible
 * names are checked after it.
 */
async function tapOn(page: Page, target: Locator): Promise<() => Promise<void>> {
  await target.scrollIntoViewIfNeeded();
  await idle(page);
  const box = await target.boundingBox();
  if (!box) throw new Error('the element to tap has no box');
  return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The first visible element the locator matches (phones and wide screens lay some lists out twice). */
const visible = (l: Locator) => l.filter({ visible: true }).first();

/** The instant `hours` from now, as an ISO string. */
function fromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

/** "2026-11" of an instant in the post's zone. */
function monthInZone(iso: string): string {
  const p = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' }).formatToParts(new Date(iso));
  return `${p.find((x) => x.type === 'year')!.value}-${p.find((x) => x.type === 'month')!.value}`;
}

// The bench's own events, so the selectors know their titles: one in the current month (the
// calendar opens on it) for the popup, one a few days ahead with positions for the sign-up.
const POPUP_TITLE = 'Bench Popup Supper';
const SIGNUP_TITLE = 'Bench Sign-up Picnic';
const results: { name: string; samples: Sample[] }[] = [];
try {
  const admin = await newContext();
  const login = await admin.request.post('/api/login', { data: ADMIN });
  if (login.status() !== 200) throw new Error(`admin sign-in answered ${login.status()}: ${await login.text()}`);
  const now = monthInZone(fromNow(0));
  const popupStart = monthInZone(fromNow(2)) === now ? 2 : -26;
  for (const [title, start, positions] of [
    [POPUP_TITLE, popupStart, 10],
    [SIGNUP_TITLE, 72, 1000],
  ] as const) {
    const res = await admin.request.post('/api/events', {
      data: {
        title,
        description: `About ${title}.`,
        location: 'Post Home',
        startDate: fromNow(start),
        endDate: fromNow(start + 2),
        type: 'community',
        volunteerPositions: positions,
      },
    });
    if (res.status() !== 200) throw new Error(`creating '${title}' answered ${res.status()}: ${await res.text()}`);
  }

  const visitor = await newContext();
  type Time = (act: () => Promise<void>, keys?: number) => Promise<void>;
  /** Loads `path` afresh RUNS times; `act` does the interaction, timing the part to measure with `time`. */
  const run = async (name: string, ctx: BrowserContext, path: string, act: (page: Page, time: Time) => Promise<void>) => {
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await openPage(ctx, path);
      await act(page, async (part, keys) => void samples.push(...(await measure(page, part, keys))));
      await page.close();
    }
    results.push({ name, samples });
    console.log(`${name}: ${samples.map((s) => format(s.ms)).join(', ')}`);
  };

  // Spec §2 Events calendar: clicking an event (in the month grid or the month's list) opens its popup.
  await run('open the event popup (/events)', visitor, '/events', async (page, time) => {
    // The month's list of events (below the grid on phones, where a tap on the grid's dot lists a day).
    const tap = await tapOn(page, visible(page.getByRole('list', { name: /^Events of / }).getByRole('button', { name: new RegExp(POPUP_TITLE) })));
    await time(async () => {
      await tap();
      await page.waitForSelector('[role="dialog"]');
    });
    await page.getByRole('dialog', { name: POPUP_TITLE }).waitFor();
  });

  // Spec §2: the Upcoming Volunteer Needs table's Volunteer button opens the Volunteer Sign Up dialog.
  await run('open the volunteer sign-up dialog (/events)', visitor, '/events', async (page, time) => {
    const tap = await tapOn(page, visible(page.getByRole('button', { name: new RegExp(`^Volunteer\\b.*${SIGNUP_TITLE}`) })));
    await time(async () => {
      await tap();
      await page.waitForSelector('[role="dialog"] input');
    });
    await page.getByRole('dialog').getByRole('textbox', { name: /^Name/ }).waitFor();
  });

  // Spec §2 Admin forms: the event form's title, typed as a person types (a key every 100 ms).
  // The click that focuses the field is not measured, each key is.
  const typed = 'Memorial Day Parade';
  await run('type into the event form (/admin/events/new)', admin, '/admin/events/new', async (page, time) => {
    const title = page.getByRole('main').getByRole('textbox', { name: /^Title\s*\*?$/ });
    await title.click();
    await idle(page);
    await time(() => page.keyboard.type(typed, { delay: 100 }), typed.length);
    const value = await title.inputValue();
    if (value !== typed) throw new Error(`the title field holds '${value}'`);
  });

  // Spec §2 Admin dashboard: Events, News, Resources, Commander Messages, Community Engagements.
  await run('switch dashboard tabs (/admin)', admin, '/admin', async (page, time) => {
    for (const name of ['News', 'Resources', 'Commander Messages', 'Community Engagements', 'Events']) {
      const tap = await tapOn(page, page.getByRole('tab', { name, exact: true }));
      await time(async () => {
        await tap();
        await page.waitForSelector(`[role="tab"][aria-selected="true"]:text-is("${name}")`);
      });
      // The tab's table arrives from the network: let it, so the next tap (after tapOn's own
      // wait for an idle main thread) meets a quiet page.
      await page.waitForLoadState('networkidle');
    }
  });
} finally {
  await browser.close().catch(() => undefined);
  await setup.stop();
}

function format(ms: number): string {
  return ms === 0 ? '<16' : String(Math.round(ms));
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
report.print(`\nInteraction to next paint (Event Timing), CPU ${CPU_SLOWDOWN}x slower, ${WIDTH}x${HEIGHT}, ${RUNS} page loads each; target ${TARGET_MS} ms`);
// A shared machine's load inflates every figure: shown so a reader can judge the run.
report.print(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${availableParallelism()} cores\n`,
);
report.print(
  `${pad('interaction', 48)}${pad('samples', 9)}${pad('median ms', 11)}${pad('worst ms', 10)}${pad('result', 8)}worst: input delay / handlers / rest to paint`,
);
let failed = false;
for (const { name, samples } of results) {
  const sorted = [...samples].sort((a, b) => a.ms - b.ms);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const worst = sorted[sorted.length - 1]!;
  const pass = worst.ms <= TARGET_MS;
  failed ||= !pass;
  const p = worst.phases;
  const where = p ? `${Math.round(p.delay)} / ${Math.round(p.handlers)} / ${Math.round(p.paint)} ms (${p.event})` : '';
  report.print(`${pad(name, 48)}${pad(samples.length, 9)}${pad(format(median.ms), 11)}${pad(format(worst.ms), 10)}${pad(pass ? 'PASS' : 'FAIL', 8)}${where}`);
}
report.write();
if (failed) process.exitCode = 1;
