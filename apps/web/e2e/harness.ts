import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { test } from '@playwright/test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.ts';
import { E2E_ADMIN } from './setup.ts';

const here = import.meta.dirname;
const repo = path.resolve(here, '../../..');
const apiMain = path.join(repo, 'apps/api/dist/main.js');
const webDist = path.join(repo, 'apps/web/dist');

/** Where Chromium is: CHROMIUM_PATH, else Debian's headless shell, the browser Playwright itself runs headless (decision 0076). */
export function chromiumPath(): string {
  const p = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  if (!existsSync(p)) throw new Error(`Chromium not found at ${p}: install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`);
  return p;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const SERVER_START_MS = 120_000;

/** A new DATA_DIR; as root, the embedded PostgreSQL runs as the `postgres` account, which must enter it. */
function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'post-e2e-'));
  chmodSync(dataDir, 0o711);
  return dataDir;
}

/** The built server on `dataDir` and a free port, as the README's start command runs it; resolves once it serves. */
async function startServer(dataDir: string, env: Record<string, string>): Promise<{ child: ChildProcess; output: string[]; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [apiMain], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: '0',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      DRAIN_MS: '0',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('\n')}`)), SERVER_START_MS);
    const onData = (buf: Buffer) => {
      output.push(...buf.toString().split('\n'));
      if (buf.toString().includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (b: Buffer) => output.push(...b.toString().split('\n')));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output.join('\n')}`));
    });
  });
  return { child, output, url };
}

/** Where the run's database template is (global-setup.ts makes it). */
const TEMPLATE_ENV = 'E2E_DATABASE_TEMPLATE';

/**
 * A migrated, empty database made once for the whole run: the built server started once on its
 * own DATA_DIR and stopped. Each file's server starts on a copy of it, a fresh database of its
 * own that skips creating the cluster and running the migrations again (decision 0102).
 */
export async function makeDatabaseTemplate(): Promise<string> {
  const dataDir = newDataDir();
  const { child } = await startServer(dataDir, {});
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  // The first start's backup is that server's; each file's server makes its own.
  rmSync(path.join(dataDir, 'backups'), { recursive: true, force: true });
  process.env[TEMPLATE_ENV] = dataDir;
  return dataDir;
}

/** The run's template cluster into a new DATA_DIR, owners and modes kept (`cp -a`); without a template the server creates its own. */
function copyDatabaseTemplate(dataDir: string): void {
  const template = process.env[TEMPLATE_ENV];
  if (!template || !existsSync(path.join(template, 'postgres', 'PG_VERSION'))) return;
  const copied = spawnSync('cp', ['-a', path.join(template, 'postgres'), path.join(dataDir, 'postgres')], { encoding: 'utf8' });
  if (copied.status !== 0) throw new Error(`copying the database template failed: ${copied.stderr}`);
}

/** A running production server on a fresh database, and a browser to drive it. */
export interface TestSite {
  url: string;
  browser: Browser;
  /** Lines the server printed (start-up notes, demo passwords). */
  output: string[];
  /** `touch`: a phone's touch screen (a coarse pointer), as the adjutant's phone has. */
  newPage(options?: { width?: number; height?: number; locale?: string; touch?: boolean }): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * Starts the built site (apps/api/dist and apps/web/dist must exist) on a free port with a fresh DATA_DIR and
 * no DATABASE_URL, as the README's start command runs: each server runs its own embedded
 * PostgreSQL on a socket in its DATA_DIR (decision 0057), so servers started at once never meet.
 */
export async function startSite(opts: { seed?: boolean; env?: Record<string, string>; browser?: Browser } = {}): Promise<TestSite> {
  if (!existsSync(path.join(webDist, 'index.html')) || !existsSync(apiMain)) throw new Error('apps/web/dist or apps/api/dist is missing: run the build first.');
  // A loaded machine may take this long to start the server and its database: the hook that
  // starts it gets it on top of a test's own time (decision 0091). Scripts run outside a test.
  const info = (() => {
    try {
      return test.info();
    } catch {
      return undefined;
    }
  })();
  info?.setTimeout(info.timeout + SERVER_START_MS);
  const dataDir = newDataDir();
  copyDatabaseTemplate(dataDir);
  const { child, output, url } = await startServer(dataDir, { SEED_DEMO: opts.seed ? '1' : '0', ...opts.env });
  // A test file passes Playwright's own browser (traces and screenshots on failure come with
  // it); the screenshot scripts launch one of their own.
  const ownBrowser = !opts.browser;
  const browser = opts.browser ?? (await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS }));
  const live: LiveSite = { url, output, contexts: new Set() };
  const site: TestSite = {
    url,
    browser,
    output,
    async newPage(o = {}) {
      const context = await browser.newContext({
        baseURL: url,
        viewport: { width: o.width ?? 1280, height: o.height ?? 900 },
        locale: o.locale ?? 'en-US',
        timezoneId: 'America/Los_Angeles',
        ...(o.touch ? { hasTouch: true, isMobile: true } : {}),
      });
      // A CSP violation (even one a library catches, like Zod's eval probe) is an error too:
      // Lighthouse reports it, and it means some code expects what the policy forbids.
      await context.addInitScript(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
        ),
      );
      live.contexts.add(context);
      context.once('close', () => live.contexts.delete(context));
      const page = await context.newPage();
      // Server-rendered pages show before they work: every goto and reload waits until the
      // app has hydrated (the root layout marks <html data-ready>), as a person would wait for
      // it, and fails on any console error or uncaught error while the page loaded: a React
      // hydration mismatch is reported that way (issue 16).
      const loading: string[] = [];
      let watching = false;
      page.on('pageerror', (e) => {
        if (watching) loading.push(`uncaught: ${e.message}`);
      });
      page.on('console', (m) => {
        if (!watching || (m.type() !== 'error' && !/hydrat/i.test(m.text()))) return;
        // The page's own status (a 404 page) is logged as a failed load of the document itself.
        if (m.text().startsWith('Failed to load resource') && m.location().url === page.url()) return;
        loading.push(`console.${m.type()}: ${m.text()}`);
      });
      const whileLoading = async <T>(load: () => Promise<T>): Promise<T> => {
        loading.length = 0;
        watching = true;
        let response: T;
        try {
          response = await load();
          await waitForApp(page);
        } finally {
          watching = false;
        }
        if (loading.length) throw new Error(`errors while ${page.url()} loaded:\n${loading.join('\n')}`);
        return response;
      };
      const goto = page.goto.bind(page);
      page.goto = (url, options) => whileLoading(() => goto(url, options));
      const reload = page.reload.bind(page);
      page.reload = (options) => whileLoading(() => reload(options));
      return { page, context };
    },
    async close() {
      liveSites.delete(live);
      await Promise.all([...live.contexts].map((c) => c.close()));
      if (ownBrowser) await browser.close();
      // Contexts a test made on the browser itself go with the file's last site: the worker's
      // browser serves the next file.
      else if (liveSites.size === 0) await Promise.all(browser.contexts().map((c) => c.close()));
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  live.site = site;
  liveSites.add(live);
  return site;
}

interface LiveSite {
  url: string;
  output: string[];
  contexts: Set<BrowserContext>;
  site?: TestSite;
}
const liveSites = new Set<LiveSite>();

/** The site this test file started first (the role fixtures sign in to it). */
export function fileSite(): TestSite {
  const first = [...liveSites][0]?.site;
  if (!first) throw new Error('no site is running: start one with startSite() in test.beforeAll');
  return first;
}

/**
 * What each page still open shows (address, alerts, toasts, dialogs, the start of <main>) and
 * the servers' last lines: a failure seen only in CI's output can be read there. Playwright
 * itself keeps the screenshots and the trace.
 */
export async function whatPagesShow(): Promise<string> {
  const lines: string[] = [];
  for (const site of liveSites) {
    for (const context of site.contexts) {
      for (const page of context.pages()) {
        const seen = await page
          .evaluate(() => {
            const texts = (selector: string) =>
              [...document.querySelectorAll<HTMLElement>(selector)].map((e) => e.innerText.replace(/\s+/g, ' ').trim().slice(0, 200));
            return {
              alerts: texts('[role=alert]'),
              toasts: texts('[data-sonner-toast]'),
              dialogs: texts('[role=dialog], [role=alertdialog]'),
              main: texts('main').join(' ').slice(0, 300),
            };
          })
          .catch((e: Error) => ({ error: e.message }));
        lines.push(`${page.url()}`, `  ${JSON.stringify(seen)}`);
      }
    }
    lines.push(
      `server ${site.url}, last lines:`,
      ...site.output
        .filter(Boolean)
        .slice(-15)
        .map((l) => `  ${l}`),
    );
  }
  return lines.join('\n');
}

/**
 * Holds back the page's scripts whose URL matches `file` until the returned `release()`, as a slow
 * phone's network would: the test decides when they arrive, however slow the machine is.
 */
export async function holdScripts(page: Page, file: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(file, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Waits until the app in the page is interactive (after a goto, a reload or a full page load). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 15_000 });
}
