import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testTmpDir, type Agent } from '../test-helpers.ts';

const DASHBOARD_CHUNK = 'src/routes/admin/index.tsx?tsr-split=component';
const SIGN_IN_CHUNK = 'src/routes/admin_.login.tsx?tsr-split=component';

/** A web build of a few files: the shell, one hashed file, the service worker, a manifest and a server-rendering module that names the dashboard's and the sign-in page's chunks, reads a page's data and renders one page (/admin/audit). */
function fakeWebBuild(): string {
  const web = testTmpDir('web-');
  const dist = path.join(web, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(web, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="app"></div></body></html>');
  writeFileSync(path.join(dist, 'assets', 'app-3f9a1c.js'), 'console.log("the app");');
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  const manifest = {
    [DASHBOARD_CHUNK]: { file: 'assets/index-d4sh.js', imports: ['_table.js'] },
    '_table.js': { file: 'assets/table-7ab1e.js' },
    [SIGN_IN_CHUNK]: { file: 'assets/admin_.login-9c2e.js', imports: ['_login-page.js'] },
    '_login-page.js': { file: 'assets/login-page-51a7.js' },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(web, 'dist-ssr', 'entry-server.js'),
    `export const render = async () => { throw new Error('public pages are not rendered in this test'); };
export const isKnownPath = () => true;
export const modulesFor = (p) => (p === '/admin' ? [${JSON.stringify(DASHBOARD_CHUNK)}] : p === '/admin/login' ? [${JSON.stringify(SIGN_IN_CHUNK)}] : []);
export const load = async ({ url }) => ({ dehydrated: { read: 'the data of ' + url }, rendered: url === '/admin/audit' ? { html: '<h1>Audit log</h1>', head: '<title>Audit log</title>' } : undefined });`,
  );
  return dist;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: fakeWebBuild() });
  admin = t.agent();
  await admin.loginAdmin();
});
afterAll(async () => t?.close());

// The app's files are the same for everyone: a signed-in administrator's browser keeps them, and
// asking for them neither reads nor renews the session (decision 0101).
describe("the app's files for a signed-in visitor", () => {
  const sessionRow = async () => t.db.selectFrom('session').select(['sid', 'expire']).executeTakeFirstOrThrow();

  it('keeps the hashed code for a year, with no session cookie and no session read or written', async () => {
    const before = await sessionRow();
    await new Promise((r) => setTimeout(r, 20));
    const res = await admin.request('GET', '/assets/app-3f9a1c.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('the app');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(new Date((await sessionRow()).expire).getTime()).toBe(new Date(before.expire).getTime());
  });

  it('asks again for the service worker each time (no-cache)', async () => {
    const res = await admin.request('GET', '/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('fetch');
  });

  it('still keeps a signed-in page out of every cache and renews its session', async () => {
    const before = await sessionRow();
    await new Promise((r) => setTimeout(r, 20));
    const res = await admin.request('GET', '/admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['set-cookie'])).toContain('sid=');
    expect(new Date((await sessionRow()).expire).getTime()).toBeGreaterThan(new Date(before.expire).getTime());
  });
});

// A signed-in page names its own code in the page, so a phone fetches it with the entry (decision 0101).
describe("a signed-in page's code", () => {
  const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it("is named in the administrator's dashboard, with what it imports", async () => {
    const res = await admin.request('GET', '/admin');
    expect(preloads(res.body)).toEqual(['/assets/index-d4sh.js', '/assets/table-7ab1e.js']);
  });

  // The page's own code is not; the sign-in form's is, for the sign-in page shown in its place (decision 0104).
  it('is not named for a visitor who is not signed in: the sign-in form is, which shows instead', async () => {
    const res = await t.agent().request('GET', '/admin');
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/assets/admin_.login-9c2e.js', '/assets/login-page-51a7.js']);
  });

  it("is not named on a member's page for a visitor who is not signed in", async () => {
    const res = await t.agent().request('GET', '/member');
    expect(preloads(res.body)).toEqual([]);
  });
});

// A signed-in page opened in the browser brings its data, read with the visitor's session (decision 0103).
describe("a signed-in page's data", () => {
  const appData = (html: string) => JSON.parse(/<script type="application\/json" id="app-data">(.*?)<\/script>/.exec(html)![1]!) as { dehydrated?: unknown };
  const opened = { 'sec-fetch-mode': 'navigate' };

  it('comes with the page the administrator opens, kept out of every cache', async () => {
    const res = await admin.request('GET', '/admin/renewals', undefined, opened);
    expect(res.statusCode).toBe(200);
    expect(appData(res.body).dehydrated).toEqual({ read: 'the data of /admin/renewals' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("is not in the copy the door's service worker fetches to keep (it reads the phone's newer list offline)", async () => {
    const res = await admin.request('GET', '/admin/events/5/check-in', undefined, { 'sec-fetch-mode': 'same-origin' });
    expect(res.statusCode).toBe(200);
    expect(appData(res.body).dehydrated).toBeUndefined();
  });

  // A page whose route is marked for it comes rendered, with its own head (decision 0108).
  it('comes with its markup where the page is rendered on the server, still kept out of search engines and every cache', async () => {
    const res = await admin.request('GET', '/admin/audit', undefined, opened);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="app"><h1>Audit log</h1></div>');
    expect(res.body).toContain('<title>Audit log</title><meta name="robots" content="noindex">');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(appData(res.body).dehydrated).toEqual({ read: 'the data of /admin/audit' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex');
  });

  // What is read for a visitor is the sign-in checks alone (entry-server.test.ts): the sign-in page shows at once.
  it("is read for a visitor who is not signed in too, and the page names none of its code but the sign-in form's", async () => {
    const res = await t.agent().request('GET', '/admin/renewals', undefined, opened);
    expect(appData(res.body).dehydrated).toEqual({ read: 'the data of /admin/renewals' });
    expect(res.body).not.toContain('index-d4sh');
    expect(res.body).toContain('login-page-51a7');
  });
});
