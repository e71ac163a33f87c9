import { expect, test } from './fixtures.ts';
import type { BrowserContext, Page } from 'playwright-core';
import { startSite, waitForApp, type TestSite } from './harness.ts';
import { E2E_ADMIN } from './setup.ts';
import { ALL, EMAIL_OK, EMAIL_REFUSED, fit, hostileHttpUrls, noControls, pack, PAYLOADS, REFUSED_URLS } from './xss-corpus.ts';
import { confirmSubscription, mailEnv, startMailSink, type SmtpSink } from './mail-sink.ts';

// Issue 8, stored cross-site scripting: the corpus is saved through the real API in every text
// field administrators, members and visitors can fill; then every page that shows it is opened
// as a visitor, a member and an administrator. Pages run with the Content-Security-Policy
// bypassed, so this proves the markup itself is safe (the CSP is a second line of defence).

let site: TestSite;
let sink: SmtpSink;
test.beforeAll(async ({ browser }) => {
  sink = await startMailSink();
  site = await startSite({ browser, seed: true, env: mailEnv(sink) });
});
test.afterAll(async () => {
  await site?.close();
  await sink?.stop();
});

// Phone numbers are validated (10 digits, phone characters only; issue 23 #15): the corpus cannot be one.
const VALID_PHONE = '(555) 010-4477';
const N = PAYLOADS.length;
const VOLUNTEERS = Math.min(N, 20);
const DAY = 86_400_000;
const PORTAL_PASSWORD = 'xss-portal-password';
/** The portal member: shown as "Hi {firstName}" and as the Post Commander's name. */
const PORTAL = { firstName: `"><img src=x onerror=window.__xss=1>`, lastName: `</script><svg onload=__xss=1>`, number: `M"><svg onload=__xss=1>` };

const ids = {
  events: [] as number[],
  news: [] as number[],
  resources: [] as number[],
  commander: [] as number[],
  activeCommander: 0,
  engagements: [] as number[],
  members: [] as number[],
  portalMember: 0,
  communications: [] as number[],
  memberResources: [] as number[],
};
let settingsPostName = '';
// KNOWN BUG (reported to the lead): server rendering does not load the site settings, so it
// renders the defaults while the browser hydrates with the saved ones; React then reports
// error #418 (hydration text mismatch) on every server-rendered page once the settings differ
// from the defaults. Tolerated only after the settings test changed them; remove once fixed.
let settingsChanged = false;

// ---------- contexts and checks ----------

interface Visitor {
  role: string;
  context: BrowserContext;
  page: Page;
  dialogs: string[];
  errors: string[];
}

async function visitor(role: string): Promise<Visitor> {
  const context = await site.browser.newContext({
    baseURL: site.url,
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    bypassCSP: true,
  });
  // In every frame, before any page script: __xss is 0 and any write to it is recorded.
  await context.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const hits: string[] = [];
    let value: unknown = 0;
    Object.defineProperty(w, '__xssHits', { value: hits });
    Object.defineProperty(w, '__xss', {
      configurable: false,
      get: () => value,
      set: (v: unknown) => {
        value = v;
        hits.push(`${location.href}: ${String(new Error('__xss set').stack).split('\n').slice(1, 4).join(' | ')}`);
      },
    });
  });
  const page = await context.newPage();
  const v: Visitor = { role, context, page, dialogs: [], errors: [] };
  page.on('dialog', (d) => {
    v.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  page.on('pageerror', (e) => v.errors.push(`${page.url()}: ${e.message}`));
  return v;
}

/**
 * What is wrong in a document: the live page's (html null) or the given HTML parsed inertly.
 * Runs in the browser (it is serialized), so it carries everything it needs.
 */
function inspectDocument(html: string | null): string[] {
  const doc = html === null ? document : new DOMParser().parseFromString(html, 'text/html');
  const bad: string[] = [];
  const show = (el: Element) => el.outerHTML.slice(0, 160);
  const w = window as unknown as { __xss?: unknown; __xssHits?: string[] };
  if (html === null) {
    if (w.__xss !== 0) bad.push(`window.__xss is ${String(w.__xss)}`);
    for (const h of w.__xssHits ?? []) bad.push(`__xss was set: ${h}`);
  }
  const urlAttrs = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'ping']);
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    for (const a of Array.from(el.attributes)) {
      const name = a.name.toLowerCase();
      const value = a.value;
      if (name.startsWith('on') && /__xss/.test(value)) bad.push(`handler ${name}: ${show(el)}`);
      if (name === 'srcdoc') bad.push(`srcdoc: ${show(el)}`);
      if (urlAttrs.has(name) && /^(javascript|vbscript|data:text\/html)/i.test(value.replace(/[\u0000-\u0020]/g, '')))
        bad.push(`script URL in ${name}: ${show(el)}`);
      if (name === 'style' && /__xss|javascript:|expression\(/i.test(value)) bad.push(`style: ${show(el)}`);
    }
    const tag = el.localName;
    if (tag === 'script') {
      const type = (el.getAttribute('type') ?? '').toLowerCase();
      if (type === 'application/json') {
        if (el.id !== 'app-data') bad.push(`unexpected JSON block: ${show(el)}`);
      } else if (type === 'application/ld+json') {
        // schema.org data is not run; it must still be JSON with no raw '<' that could end it.
        const text = el.textContent ?? '';
        if (text.includes('<')) bad.push(`raw '<' in JSON-LD: ${show(el)}`);
        try {
          JSON.parse(text);
        } catch {
          bad.push(`JSON-LD that does not parse: ${show(el)}`);
        }
      } else if (!el.getAttribute('src')) {
        bad.push(`inline script: ${show(el)}`);
      } else if (!/^\/assets\/[\w.-]+\.js$/.test(el.getAttribute('src')!)) {
        bad.push(`foreign script: ${show(el)}`);
      }
    }
    if (tag === 'style' && /__xss|javascript:/i.test(el.textContent ?? '')) bad.push(`style element: ${show(el)}`);
    if (['iframe', 'object', 'embed', 'frame', 'base'].includes(tag)) bad.push(`<${tag}>: ${show(el)}`);
    if (tag === 'details' && el.hasAttribute('ontoggle')) bad.push(`details: ${show(el)}`);
  }
  if (doc.querySelectorAll('script[type="application/json"]#app-data').length > 1) bad.push('two data blocks');
  return bad;
}

/** Every string inside a JSON value. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, out));
  return out;
}

/**
 * The server's own HTML of a page: the JSON data block holds no '<' (so no '</script>' or '<!--')
 * and parses, with `inData` among its strings; outside it, no payload appears as markup and the
 * only scripts are the app's own modules.
 */
async function checkRawHtml(v: Visitor, path: string, inData: string[] = []): Promise<void> {
  const res = await v.context.request.get(path);
  expect([200, 404], `${path}: status`).toContain(res.status());
  expect(res.headers()['content-security-policy'] ?? '', `${path}: CSP header`).toMatch(/script-src 'self'/);
  const html = await res.text();
  const blocks = [...html.matchAll(/<script type="application\/json" id="app-data">([\s\S]*?)<\/script>/g)];
  expect(blocks, `${path}: one data block`).toHaveLength(1);
  const block = blocks[0]!;
  const json = block[1]!;
  expect(json, `${path}: the data block holds a raw '<': ${json.slice(Math.max(0, json.indexOf('<') - 80), json.indexOf('<') + 80)}`).not.toContain('<');
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    throw new Error(`${path}: the data block is not JSON (${(e as Error).message}): …${json.slice(0, 300)}`, { cause: e });
  }
  const all = strings(data);
  for (const s of inData)
    expect(
      all.some((x) => x.includes(s)),
      `${path}: the data block lacks ${JSON.stringify(s)} (as stored)`,
    ).toBeTruthy();
  if (inData.some((s) => s.includes('</script>'))) expect(json, `${path}: '</script>' escaped as \\u003c/script>`).toContain('\\u003c/script>');
  // schema.org blocks are JSON too (no raw '<'): like the data block, they are not markup.
  const rest = (html.slice(0, block.index) + html.slice(block.index! + block[0].length)).replace(
    /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
    (_m, ld: string) => {
      expect(ld, `${path}: JSON-LD holds a raw '<'`).not.toContain('<');
      return '';
    },
  );
  expect(rest, `${path}: raw <script>window.__xss outside the data block`).not.toMatch(/<script>window\.__xss/i);
  for (const p of PAYLOADS) if (/[<>"]/.test(p)) expect(rest, `${path}: payload verbatim in the HTML: ${p}`).not.toContain(p);
  const bad = await v.page.evaluate(inspectDocument, html);
  expect(bad, `${path} (server HTML, ${v.role})`).toStrictEqual([]);
}

/** Opens a page, waits until it shows `shows` (so the stored data is really on it), then checks every frame. */
async function visit(v: Visitor, path: string, shows: string[] = [], raw?: { inData?: string[] }): Promise<void> {
  const { page } = v;
  await page.goto(path);
  await waitForApp(page).catch(async () => {
    const html = (await v.context.request.get(path).then((r) => r.text())).replace(/\s+/g, ' ');
    const at = html.indexOf('id="app-data"');
    throw new Error(
      `${path} (${v.role}) never became interactive; script errors: ${JSON.stringify(v.errors)}; server HTML near the data block: ${html.slice(Math.max(0, at - 300), at + 300)} … ${html.slice(-400)}`,
    );
  });
  for (const text of shows) {
    await page
      .waitForFunction((t) => document.body.textContent!.includes(t), text, { timeout: 10_000 })
      .catch(() => {
        throw new Error(`${path} (${v.role}) does not show ${JSON.stringify(text)}`);
      });
  }
  await imagesSettled(page);
  await checkPage(v, path);
  if (raw) await checkRawHtml(v, path, raw.inData);
}

/**
 * Waits until every image of every frame has loaded or failed, so that a broken image's error
 * handler has run before the page is checked (lazy images out of view load no sooner).
 */
async function imagesSettled(page: Page): Promise<void> {
  const pending = async () => {
    let n = 0;
    for (const frame of page.frames()) n += await frame.evaluate(() => [...document.images].filter((i) => !i.complete && i.loading !== 'lazy').length);
    return n;
  };
  await expect.poll(pending, 'images still loading').toBe(0);
}

async function checkPage(v: Visitor, where: string): Promise<void> {
  for (const frame of v.page.frames()) {
    const bad = await frame.evaluate(inspectDocument, null);
    expect(bad, `${where} (${v.role}) frame ${frame.url()}`).toStrictEqual([]);
  }
  expect(v.dialogs, `${where} (${v.role}): dialogs`).toStrictEqual([]);
  const errors = settingsChanged ? v.errors.filter((e) => !/Minified React error #418[;.]/.test(e)) : v.errors;
  expect(errors, `${where} (${v.role}): script errors`).toStrictEqual([]);
  v.errors.length = 0;
}

async function json(res: { status(): number; text(): Promise<string> }, expected: number | number[], what: string): Promise<any> {
  const text = await res.text();
  expect(Array.isArray(expected) ? expected : [expected], `${what}: ${res.status()} ${text.slice(0, 300)}`).toContain(res.status());
  return text ? JSON.parse(text) : null;
}

const iso = (ms: number) => new Date(ms).toISOString();
let admin: Visitor;
let anon: Visitor;

test.describe('stored cross-site scripting (issue 8)', () => {
  test('stores the corpus in every text field through the API (administrator and visitors)', async () => {
    admin = await visitor('administrator');
    anon = await visitor('anonymous');
    const api = admin.context.request;
    await json(await api.post('/api/login', { data: E2E_ADMIN }), 200, 'admin login');
    const origin = site.url;
    const urls = hostileHttpUrls(origin);
    const now = Date.now();

    // Events: title, description, location. The first holds every volunteer.
    for (let i = 0; i < N; i++) {
      const start = now + DAY + i * 5 * 3_600_000;
      const e = await json(
        await api.post('/api/events', {
          data: {
            title: fit(255, i),
            description: ALL,
            location: pack(255, i),
            startDate: iso(start),
            endDate: iso(start + 2 * 3_600_000),
            type: ['regular', 'special', 'community', 'fundraiser'][i % 4],
            volunteerPositions: i === 0 ? 100 : 10,
          },
        }),
        200,
        `event ${i}`,
      );
      ids.events.push(e.id);
    }
    // Volunteers sign up publicly (name, role, phone) on the first event: 20, the per-address
    // limit; names carry payloads 0..19 and roles 1..20.
    for (let i = 0; i < VOLUNTEERS; i++) {
      await json(
        await anon.context.request.post('/api/volunteers', {
          data: { eventId: ids.events[0], name: fit(100, i).padEnd(2, '<'), email: EMAIL_OK(`v${i}`), phone: VALID_PHONE, role: fit(100, i + 1) },
        }),
        200,
        `volunteer ${i}`,
      );
    }
    // News: title and content (paragraphs).
    for (let i = 0; i < N; i++) {
      const n = await json(
        await api.post(i % 2 ? '/api/news-direct' : '/api/news', {
          data: { title: fit(255, i), content: `${PAYLOADS[i]}\n\n${ALL}`, publishDate: iso(now - (i + 1) * 60_000), featured: i === 0 },
        }),
        200,
        `news ${i}`,
      );
      ids.news.push(n.id);
    }
    // Public resources: title, description and hostile-but-http(s) addresses.
    for (let i = 0; i < N; i++) {
      const r = await json(
        await api.post('/api/resources', {
          data: {
            title: fit(255, i),
            description: pack(5000, i, '\n'),
            url: urls[i % urls.length],
            category: ['healthcare', 'benefits', 'crisis', 'local', 'vfw'][i % 5],
            order: i,
          },
        }),
        200,
        `resource ${i}`,
      );
      ids.resources.push(r.id);
    }
    // Commander messages: one per payload, then an active one with every payload and the allowed tags carrying handlers.
    for (let i = 0; i < N; i++) {
      const m = await json(
        await api.post('/api/commander-messages', { data: { content: `Message ${i}: ${PAYLOADS[i]}`, active: false } }),
        200,
        `commander message ${i}`,
      );
      ids.commander.push(m.id);
    }
    // Markup with no text at all is refused: the sanitizer leaves nothing to show.
    await json(await api.post('/api/commander-messages', { data: { content: PAYLOADS[0], active: false } }), 400, 'script-only commander message');
    const active = await json(
      await api.post('/api/commander-messages', {
        data: {
          content: `<p onclick="window.__xss=1" style="color:red"><strong onmouseover="window.__xss=1">Bold words</strong> <em class="x">slanted</em> <u id="u">under</u><br onload="window.__xss=1"></p>\n${ALL}`,
          active: true,
        },
      }),
      200,
      'active commander message',
    );
    ids.activeCommander = active.id;
    // Community engagements: title, description, tags and a hostile image address; the last is active.
    for (let i = 0; i < N; i++) {
      const tags = PAYLOADS.map((_, k) => fit(50, i + k)).slice(0, 20);
      const e = await json(
        await api.post('/api/community-engagements', {
          data: { title: fit(255, i), description: pack(5000, i, '\n\n'), date: iso(now - i * DAY), imageUrl: urls[2], tags, active: i === N - 1 },
        }),
        200,
        `engagement ${i}`,
      );
      ids.engagements.push(e.id);
    }

    // Members: every text field; the portal member is the Post Commander and signs in below.
    for (let i = 0; i < N; i++) {
      const m = await json(
        await api.post('/api/members', {
          data: {
            firstName: fit(100, i),
            lastName: fit(100, i + 1),
            email: EMAIL_OK(`m${i}`),
            phone: VALID_PHONE,
            address: pack(255, i),
            city: pack(100, i + 2),
            state: pack(50, i + 3),
            zipCode: fit(10, N - 1),
            membershipNumber: `${fit(44, i)}#${i}`,
            deployments: ALL,
            membershipType: 'Annual Member',
          },
        }),
        200,
        `member ${i}`,
      );
      ids.members.push(m.id);
    }
    // The payload member becomes the one Post Commander, whose name the commander pages show.
    const commanders = await json(await api.get(`/api/members?postRole=${encodeURIComponent('Post Commander')}`), 200, 'commanders');
    for (const c of commanders) await json(await api.patch(`/api/members/${c.id}`, { data: { postRole: 'none' } }), 200, 'demote the demo commander');
    const portal = await json(
      await api.post('/api/members', {
        data: {
          firstName: PORTAL.firstName,
          lastName: PORTAL.lastName,
          email: EMAIL_OK('portal'),
          membershipNumber: PORTAL.number,
          membershipType: 'Life Member',
          postRole: 'Post Commander',
          deployments: ALL,
          address: pack(255, 5),
          hasOnlineAccess: true,
          loginPassword: PORTAL_PASSWORD,
        },
      }),
      200,
      'portal member',
    );
    ids.portalMember = portal.id;

    // Member communications (published to every member) and member resources (links).
    for (let i = 0; i < N; i++) {
      const c = await json(
        await api.post('/api/admin/member-communications', {
          data: {
            title: fit(255, i),
            content: `${PAYLOADS[i]}\n\n${ALL}`,
            isPublished: true,
            publishDate: iso(now - DAY - i * 60_000),
            targetAudience: 'all_members',
            attachmentUrl: urls[i % urls.length],
          },
        }),
        200,
        `communication ${i}`,
      );
      ids.communications.push(c.id);
      const r = await json(
        await api.post('/api/admin/member-resources', {
          data: {
            title: fit(255, i),
            description: pack(5000, i, '\n'),
            resourceType: 'link',
            resourceUrl: i % 2 ? urls[i % urls.length] : `/x"><svg onload=window.__xss=1>`,
            accessLevel: 'member',
            isActive: true,
          },
        }),
        200,
        `member resource ${i}`,
      );
      ids.memberResources.push(r.id);
    }

    // Newsletter: a valid address with an apostrophe and a plus is kept; addresses carrying markup are refused.
    await json(await anon.context.request.post('/api/newsletter/subscribe', { data: { email: EMAIL_OK('news') } }), 200, 'subscribe');
    for (const email of EMAIL_REFUSED) await json(await anon.context.request.post('/api/newsletter/subscribe', { data: { email } }), 400, `subscribe ${email}`);
    await confirmSubscription(api, sink, EMAIL_OK('news').toLowerCase());
    const subs = await json(await api.get('/api/admin/newsletter/subscribers'), 200, 'subscribers');
    const emails = strings(subs);
    expect(emails).toContain(EMAIL_OK('news'));
    for (const email of EMAIL_REFUSED)
      expect(
        emails.filter((e) => e.includes('__xss')),
        `stored ${email}`,
      ).toStrictEqual([]);

    // Everything comes back exactly as typed (escaping is the pages' job, not the store's).
    const ev = await json(await api.get(`/api/events/${ids.events[0]}`), 200, 'event back');
    expect(ev.title).toBe(PAYLOADS[0]);
    expect(ev.description).toBe(ALL);
    expect(ev.volunteers).toHaveLength(VOLUNTEERS);
    const news = await json(await api.get(`/api/news/${ids.news[N - 3]}`), 200, 'news back');
    expect(news.title).toBe(PAYLOADS[N - 3]);
  });

  test('refuses javascript: and other script addresses in every URL field, storing nothing', async () => {
    const api = admin.context.request;
    const before = {
      resources: (await json(await api.get('/api/resources'), 200, 'resources')).length,
      engagements: (await json(await api.get('/api/community-engagements'), 200, 'engagements')).length,
      communications: (await json(await api.get('/api/admin/member-communications'), 200, 'communications')).length,
      memberResources: (await json(await api.get('/api/admin/member-resources'), 200, 'member resources')).length,
      settings: await json(await api.get('/api/site-settings'), 200, 'settings'),
    };
    const memberResourceRefused = [...REFUSED_URLS, '/\\evil.example/x'];
    for (const url of REFUSED_URLS) {
      await json(await api.post('/api/resources', { data: { title: 'Refused', description: 'Refused', url } }), 400, `resource url ${url}`);
      await json(
        await api.put(`/api/resources/${ids.resources[0]}`, { data: { title: 'Refused', description: 'Refused', url } }),
        400,
        `resource update url ${url}`,
      );
      await json(
        await api.post('/api/community-engagements', { data: { title: 'Refused', description: 'Refused', tags: ['x'], imageUrl: url } }),
        400,
        `image url ${url}`,
      );
      await json(
        await api.post('/api/admin/member-communications', { data: { title: 'Refused', content: 'Refused', attachmentUrl: url } }),
        400,
        `attachment url ${url}`,
      );
      const s = before.settings;
      for (const bad of [
        { ...s, socialLinks: [{ label: 'Refused', url }] },
        { ...s, nationalLinks: [{ label: 'Refused', url }] },
        { ...s, countyOffice: { ...s.countyOffice, url } },
        { ...s, stateOffice: { ...s.stateOffice, url } },
      ]) {
        await json(await api.put('/api/admin/site-settings', { data: bad }), 400, `settings url ${url}`);
      }
    }
    for (const url of memberResourceRefused) {
      await json(
        await api.post('/api/admin/member-resources', { data: { title: 'Refused', description: 'Refused', resourceType: 'link', resourceUrl: url } }),
        400,
        `member resource url ${url}`,
      );
    }
    expect(await json(await api.get('/api/resources'), 200, 'resources')).toHaveLength(before.resources);
    expect(await json(await api.get('/api/community-engagements'), 200, 'engagements')).toHaveLength(before.engagements);
    expect(await json(await api.get('/api/admin/member-communications'), 200, 'communications')).toHaveLength(before.communications);
    expect(await json(await api.get('/api/admin/member-resources'), 200, 'member resources')).toHaveLength(before.memberResources);
    expect(await json(await api.get('/api/site-settings'), 200, 'settings')).toStrictEqual(before.settings);
    const kept = await json(await api.get(`/api/resources/${ids.resources[0]}`), 200, 'resource 0');
    expect(kept.title).toBe(PAYLOADS[0]);
  });

  test('the probe sees markup that runs (self-check: the CSP is bypassed, the checks fire)', async () => {
    const v = await visitor('self-check');
    await v.page.goto('/news');
    await waitForApp(v.page);
    await v.page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__xss=1"><a href="javascript:void 0">x</a>');
    });
    await v.page.waitForFunction(() => (window as unknown as { __xss: number }).__xss === 1);
    const live = (await v.page.evaluate(inspectDocument, null)).join('\n');
    expect(live).toMatch(/window\.__xss is 1/);
    expect(live).toMatch(/__xss was set/);
    expect(live).toMatch(/handler onerror/);
    expect(live).toMatch(/script URL in href/);
    const raw = (
      await v.page.evaluate(inspectDocument, '<p>x</p><script>window.__xss=1</script><iframe srcdoc="x"></iframe><details open ontoggle="window.__xss=1">')
    ).join('\n');
    expect(raw).toMatch(/inline script/);
    expect(raw).toMatch(/srcdoc/);
    expect(raw).toMatch(/handler ontoggle/);
    await v.context.close();
  });

  test('shows the corpus as text on every public page, as a visitor (and in the server HTML)', async () => {
    const v = anon;
    await visit(v, '/', ['Bold words', fit(255, N - 1)], { inData: ['Bold words', PAYLOADS[0]!] });
    await visit(v, '/events', [], { inData: [PAYLOADS[0]!, PAYLOADS[N - 1]!] });
    for (let i = 0; i < N; i++) {
      await visit(v, `/events?id=${ids.events[i]}`, [fit(255, i), pack(255, i)], i === 0 || i === N - 3 ? { inData: [fit(255, i)] } : undefined);
      if (i === 0) {
        for (let j = 0; j < VOLUNTEERS; j++) await v.page.waitForFunction((t) => document.body.textContent!.includes(t), fit(100, j).padEnd(2, '<'));
      }
    }
    await visit(v, '/resources', [fit(255, 0), fit(255, N - 3)], { inData: PAYLOADS.slice(0, N) as string[] });
    await visit(v, '/news', [fit(255, 0)], { inData: [fit(255, 0)] });
    for (let i = 0; i < N; i++) await visit(v, `/news/${ids.news[i]}`, [fit(255, i)], { inData: [fit(255, i)] });
    await visit(v, '/community', [fit(255, N - 1), fit(255, 0)], { inData: [fit(255, 0)] });
    await visit(v, '/commander-message', ['Bold words', PORTAL.firstName], { inData: [PORTAL.firstName] });
    // The sanitized message keeps strong, em, u, p and br without a single attribute.
    const tags = await v.page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-slot="commander-message-body"] *')).map(
        (e) => `${e.localName}${e.attributes.length ? ' with attributes' : ''}`,
      ),
    );
    for (const kept of ['strong', 'em', 'u']) expect(tags).toContain(kept);
    for (const t of tags) expect(t).toMatch(/^(strong|em|u|p|br)$/);
    // Reflected: markup in the address itself.
    await visit(v, `/events?id=${encodeURIComponent('"><svg onload=window.__xss=1>')}`, [], { inData: [] });
    await visit(v, `/news/${encodeURIComponent('<script>window.__xss=1</script>')}`, [], { inData: [] });
    await visit(
      v,
      `/no-such-page/${encodeURIComponent('"><img src=x onerror=window.__xss=1>')}?q=${encodeURIComponent('</script><script>window.__xss=1</script>')}`,
      [],
      { inData: [] },
    );
    await visit(v, `/login?tab=${encodeURIComponent('"><svg onload=window.__xss=1>')}`, [], { inData: [] });
  });

  test('stores the corpus in every site setting and shows it as text in the header, footer and Resources page', async () => {
    // Site settings: every text field, the full object sent back.
    const api = admin.context.request;
    const urls = hostileHttpUrls(site.url);
    const current = await json(await api.get('/api/site-settings'), 200, 'settings');
    let k = 0;
    const office = (max: [number, number, number, number]) => ({
      name: pack(max[0], k++),
      address: pack(max[1], k++),
      phone: fit(max[2], N - 1),
      hours: pack(max[3], k++),
      url: urls[k++ % 2],
    });
    settingsPostName = `Post ${fit(190, 3)}`;
    const settings = {
      ...current,
      postName: settingsPostName,
      postNumber: fit(20, N - 1),
      town: pack(100, k++),
      state: pack(50, k++),
      streetAddress: pack(300, k++),
      phone: fit(30, N - 1),
      email: EMAIL_OK('post'),
      postHours: Array.from({ length: 7 }, (_, d) => ({ day: fit(20, N - 1), hours: pack(50, d) })),
      socialLinks: Array.from({ length: 10 }, (_, d) => ({ label: pack(100, d), url: urls[d % 2] })),
      countyOffice: office([200, 300, 30, 200]),
      stateOffice: office([200, 300, 30, 200]),
      nationalLinks: Array.from({ length: 20 }, (_, d) => ({ label: pack(100, d + 7), url: urls[d % 2] })),
    };
    await json(await api.put('/api/admin/site-settings', { data: settings }), 200, 'settings');
    const saved = await json(await api.get('/api/site-settings'), 200, 'settings again');
    expect(saved.postName).toBe(settingsPostName);
    expect(saved.streetAddress).toBe(settings.streetAddress);
    settingsChanged = true;
    const v = anon;
    await visit(v, '/', [settingsPostName, settings.streetAddress, settings.postHours[0].hours, settings.socialLinks[0].label], {
      inData: [settingsPostName, settings.streetAddress],
    });
    await visit(v, '/resources', [settingsPostName, settings.countyOffice.name, settings.stateOffice.address, settings.nationalLinks[19].label], {
      inData: [settings.countyOffice.name],
    });
    await visit(v, '/events', [settingsPostName], { inData: [settingsPostName] });
    await visit(v, '/QRG', [settingsPostName], { inData: [settingsPostName] });
    await visit(v, '/login', [settingsPostName], { inData: [settingsPostName] });
    // The app shell of a sign-in page: the title and the data block carry the settings escaped.
    await checkRawHtml(v, '/admin', [settingsPostName, settings.streetAddress]);
    const shell = await (await v.context.request.get('/admin')).text();
    const escaped = settingsPostName.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
    expect(shell, shell.slice(0, 1200)).toContain(`<title>${escaped}</title>`);
  });

  test('shows it as text to a member with portal access (both tabs, header, public pages)', async () => {
    const v = await visitor('member');
    await v.page.goto('/login?tab=member');
    await waitForApp(v.page);
    await v.page.getByLabel('Membership Number').fill(PORTAL.number);
    await v.page.getByLabel('Password').fill(PORTAL_PASSWORD);
    await v.page.getByRole('button', { name: 'Sign In' }).click();
    await v.page.waitForURL((u) => u.pathname === '/member');
    await expect(v.page.getByRole('heading', { name: 'Member Portal' })).toBeVisible();
    await checkPage(v, '/member after sign-in');
    await visit(v, '/member', [fit(255, 0), fit(255, N - 1), `Hi ${PORTAL.firstName}`]);
    await visit(v, '/member?tab=resources', [fit(255, 0), fit(255, N - 2)]);
    await expect(v.page.locator('a[href^="/x"]'), 'member resources link through the download counter only').toHaveCount(0);
    await visit(v, '/', [`Hi ${PORTAL.firstName}`, settingsPostName], { inData: [settingsPostName] });
    await visit(v, `/events?id=${ids.events[0]}`, [fit(255, 0)], { inData: [fit(255, 0)] });
    await visit(v, '/commander-message', ['Bold words']);
    // The shell of a sign-in page carries only the settings, escaped.
    await checkRawHtml(v, '/member', [settingsPostName]);
    await v.context.close();
  });

  test('shows it as text on every admin page, tab and edit form', async () => {
    const v = admin;
    const pages: [string, string[]][] = [
      ['/admin', [fit(255, 0)]],
      ['/admin?tab=events', [fit(255, 0)]],
      ['/admin?tab=news', [fit(255, 0)]],
      ['/admin?tab=resources', [fit(255, 0)]],
      ['/admin?tab=commander', ['Bold words']],
      ['/admin?tab=engagements', [fit(255, 0)]],
      [`/admin/events/${ids.events[0]}`, [fit(100, 3), EMAIL_OK('v0')]],
      [`/admin/news/${ids.news[0]}`, []],
      [`/admin/resources/${ids.resources[1]}`, []],
      [`/admin/commander-messages/${ids.activeCommander}`, []],
      [`/admin/commander-messages/${ids.commander[6]}`, []],
      [`/admin/community-engagement/${ids.engagements[0]}`, []],
      ['/admin/settings', []],
      ['/admin/user-management', [fit(100, 0), PORTAL.firstName]],
      ['/admin/member-communications', [fit(255, 0)]],
      [`/admin/member-communications/${ids.communications[3]}`, []],
      ['/admin/member-resources', [fit(255, 0), `/x"><svg onload=window.__xss=1>`]],
      [`/admin/member-resources/${ids.memberResources[1]}`, []],
      ['/admin/newsletter', [EMAIL_OK('news')]],
      ['/admin/news/new', []],
      [`/admin?tab=${encodeURIComponent('"><svg onload=window.__xss=1>')}`, []],
    ];
    for (const [path, shows] of pages) await visit(v, path, shows);
    // Edit forms hold the payloads as field values, never as markup.
    await visit(v, `/admin/events/${ids.events[1]}`, []);
    await expect(v.page.getByLabel(/^Title/).first()).toHaveValue(fit(255, 1));
    await visit(v, `/admin/news/${ids.news[10]}`, []);
    await expect(v.page.getByLabel(/^Title/).first()).toHaveValue(fit(255, 10));
    await visit(v, '/admin/settings', []);
    await expect(v.page.getByLabel(/^Post Name/).first()).toHaveValue(settingsPostName);
    // The member dialog of User Management.
    await visit(v, '/admin/user-management', [PORTAL.firstName]);
    await v.page
      .getByRole('button', { name: `Edit ${PORTAL.firstName} ${PORTAL.lastName}` })
      .first()
      .click();
    const dialog = v.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('First Name')).toHaveValue(PORTAL.firstName);
    await expect(dialog.getByLabel(/^Deployments/)).toHaveValue(ALL);
    await imagesSettled(v.page);
    await checkPage(v, 'member dialog');
    await checkRawHtml(v, '/admin', [settingsPostName]);
    // Public pages as an administrator too.
    await visit(v, '/', [settingsPostName], { inData: [settingsPostName] });
    await visit(v, `/events?id=${ids.events[0]}`, [fit(255, 0)], { inData: [fit(255, 0)] });
  });

  test('escapes the corpus in the iCalendar feed, /rss.xml and /sitemap.xml (well-formed)', async () => {
    const req = anon.context.request;
    const parse = (xml: string) =>
      anon.page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        const err = doc.querySelector('parsererror');
        return {
          error: err ? err.textContent : null,
          titles: Array.from(doc.querySelectorAll('item > title')).map((e) => e.textContent),
          descriptions: Array.from(doc.querySelectorAll('item > description')).map((e) => e.textContent),
          channel: doc.querySelector('channel > title')?.textContent ?? null,
          locs: Array.from(doc.querySelectorAll('loc')).map((e) => e.textContent),
          scripts: doc.getElementsByTagName('script').length + doc.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', '*').length,
        };
      }, xml);
    const rss = await req.get('/rss.xml');
    expect(rss.status()).toBe(200);
    const feed = await parse(await rss.text());
    expect(feed.error, `rss.xml is not well-formed: ${feed.error}`).toBe(null);
    expect(feed.scripts).toBe(0);
    expect(feed.channel).toBe(`${settingsPostName} news`);
    // The feed holds the newest 20 items.
    for (let i = 0; i < Math.min(N, 20); i++) expect(feed.titles, `rss title ${i}`).toContain(noControls(fit(255, i)));
    expect(feed.descriptions.some((d) => d!.startsWith(PAYLOADS[0]!))).toBeTruthy();
    expect(
      feed.descriptions.some((d) => d!.startsWith(noControls(PAYLOADS[1]!))),
      'rss: the control characters are dropped, the rest kept',
    ).toBeTruthy();
    const sitemap = await req.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const map = await parse(await sitemap.text());
    expect(map.error, `sitemap.xml is not well-formed: ${map.error}`).toBe(null);
    for (const id of ids.news)
      expect(
        map.locs.some((l) => l!.endsWith(`/news/${id}`)),
        `sitemap news ${id}`,
      ).toBeTruthy();
    const unfold = (s: string) =>
      s
        .replace(/\r\n[ \t]/g, '')
        .split('\r\n')
        .filter(Boolean);
    const icsText = (v: string) => v.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');
    for (const path of ['/api/events.ics', `/api/events/${ids.events[0]}.ics`]) {
      const res = await req.get(path);
      expect(res.status(), path).toBe(200);
      const body = await res.text();
      const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.exec(body);
      expect(
        control,
        `${path}: control character ${JSON.stringify(control?.[0])} in ${JSON.stringify(body.slice(Math.max(0, (control?.index ?? 0) - 60), (control?.index ?? 0) + 20))}`,
      ).toBeNull();
      expect(body, `${path}: bare CR or LF`).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
      const lines = unfold(body);
      for (const l of lines) expect(l, `${path}: line ${JSON.stringify(l.slice(0, 120))}`).toMatch(/^[A-Z][A-Z0-9-]*(;[^:]*)?:/);
      expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(lines.filter((l) => l === 'END:VEVENT').length);
      const summaries = lines.filter((l) => l.startsWith('SUMMARY')).map((l) => icsText(l.slice(l.indexOf(':') + 1)));
      const descriptions = lines.filter((l) => l.startsWith('DESCRIPTION')).map((l) => icsText(l.slice(l.indexOf(':') + 1)));
      const wanted = path.endsWith('events.ics') ? ids.events.map((_, i) => fit(255, i)) : [fit(255, 0)];
      for (const t of wanted) expect(summaries, `${path}: SUMMARY ${t}`).toContain(noControls(t));
      expect(descriptions, `${path}: DESCRIPTION round trip`).toContain(noControls(ALL));
    }
    await anon.context.close();
    await admin.context.close();
  });
});
