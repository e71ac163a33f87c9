import { expect, test } from './fixtures.ts';
import type { Page } from 'playwright-core';
import { commanderMessages } from '@post/contracts/messages/commander';
import { communityMessages } from '@post/contracts/messages/community';
import { eventMessages } from '@post/contracts/messages/events';
import { newsMessages } from '@post/contracts/messages/news';
import { resourceMessages } from '@post/contracts/messages/resources';
import { HOTLINES } from '@post/contracts/site-settings';
import { pageViolations } from './axe.ts';
import { startSite, waitForApp, type TestSite } from './harness.ts';
import { apiSignInAdmin } from './setup.ts';

const BRANCHES = ['Army', 'Navy', 'Marines', 'Air Force', 'Coast Guard', 'Space Force'];

/** The section of the home page under the heading `name`. */
function section(page: Page, name: string) {
  return page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .last();
}

test.describe('public pages with demo content', () => {
  let site: TestSite;
  test.beforeAll(async ({ browser }) => {
    site = await startSite({ browser, seed: true });
  });
  test.afterAll(async () => site?.close());

  test('home: branches, upcoming event cards, commander message, news and engagement, without layout shift', async () => {
    const { page, context } = await site.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Proudly Honoring All Branches' })).toBeVisible();
    const branches = page.locator('section', { has: page.getByRole('heading', { name: 'Proudly Honoring All Branches' }) });
    for (const b of BRANCHES) await expect(branches.getByText(b, { exact: true }), b).toBeVisible();

    const events = section(page, 'Upcoming Events');
    await expect(events.getByRole('link', { name: /View Details/ }).first()).toBeVisible();
    const cards = events.locator('[data-slot=event-card]');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    await expect(events.getByRole('link', { name: /View Details/ }).first()).toHaveAttribute('href', /^\/events\?id=\d+$/);
    await expect(events.getByRole('link', { name: 'See all events' })).toHaveAttribute('href', '/events');
    // Date and time in the post's zone: PM times of evening events, never Pacific.
    await expect(cards.first()).toHaveText(/\d{1,2}:\d{2} (AM|PM)/);
    await expect(events.getByText('Volunteers:').first(), 'volunteer names are listed').toBeAttached();
    // Three columns on a wide screen.
    const boxes = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size, 'the first three cards share a row').toBe(1);

    const commander = section(page, "Commander's Message");
    await expect(commander.getByText('Thomas Reed')).toBeVisible();
    await expect(commander.getByText('TR', { exact: true })).toBeVisible();
    await expect(commander.locator('[data-slot=commander-message-body] strong').first()).toHaveText('show up, roll up your sleeves and bring a friend');
    await expect(commander.getByRole('link', { name: 'Read full message' }).first()).toHaveAttribute('href', '/commander-message');

    const news = section(page, 'Latest News');
    await expect(news.getByRole('article')).toHaveCount(3);
    await expect(news.getByRole('heading', { level: 4 }).first()).toHaveText('Fundraisers Bring Veteran Relief Fund to a Record High');
    await expect(news.getByRole('link', { name: 'View all news' })).toHaveAttribute('href', '/news');

    const engagement = section(page, 'Community Engagement');
    await expect(engagement.getByText('Partnering With the Hometown Food Pantry')).toBeVisible();
    // The demo highlight carries a photo of its own (issue 22): shown with its text alternative.
    const photo = engagement.locator('picture img').first();
    await expect(photo, 'the highlight shows its photo').toBeVisible();
    await expect(photo, 'the photo has its alt text').toHaveAttribute('alt', /.{11}/);
    for (const t of ['Community', 'Food Security', 'Volunteering'])
      await expect(engagement.getByRole('list', { name: 'Tags' }).getByText(t, { exact: true })).toBeVisible();
    await expect(engagement.getByRole('link', { name: 'View all community programs' })).toHaveAttribute('href', '/community');

    // Shifts are measured once nothing is loading any more (late images and chunks move things).
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls, `cumulative layout shift ${cls}`).toBeLessThan(0.1);
    expect(await pageViolations(page)).toStrictEqual([]);
    expect(errors).toStrictEqual([]);
    await context.close();
  });

  test('the inlined stylesheet is not fetched again when the footer, the sign-in forms and the calendar load', async () => {
    const { page, context } = await site.newPage();
    const sheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet' || new URL(r.url()).pathname.endsWith('.css')) sheets.push(new URL(r.url()).pathname);
    });
    for (const route of ['/', '/events', '/login']) {
      await page.goto(route);
      await waitForApp(page);
      // The footer's chunk (lazy on every page) has loaded once its newsletter button is enabled.
      await expect(page.getByRole('contentinfo').locator('button:not([disabled])', { hasText: 'Subscribe' })).toBeVisible();
    }
    await page.getByRole('tab', { name: 'Member Portal' }).click();
    await expect(page.getByLabel('Membership Number')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() => document.querySelector('style')?.textContent?.length ?? 0);
    expect(inline, 'the app stylesheet is inline').toBeGreaterThan(10_000);
    // Only the calendar's own stylesheet is a request; the app's was inlined into each page.
    expect(sheets.filter((s) => !s.includes('events-calendar'))).toStrictEqual([]);
    await context.close();
  });

  test('home: sanitizes the commander message again in the browser', async () => {
    const { page, context } = await site.newPage();
    const evil =
      '<p>Safe <strong onclick="window.__xss=1">bold</strong> <img src="x" onerror="window.__xss=2"><script>window.__xss=3</script>' +
      '<a href="javascript:window.__xss=4">linked</a> <em style="color:red">it</em> <u>under</u><iframe src="/"></iframe></p>\nline two';
    await page.route('**/trpc/**', async (route) => {
      const url = new URL(route.request().url());
      const paths = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
      const i = paths.indexOf('commanderMessages.active');
      if (i < 0) return route.continue();
      const res = await route.fetch();
      const body = (await res.json()) as { result?: { data: { content: string } } }[] | { result?: { data: { content: string } } };
      const entry = Array.isArray(body) ? body[i]! : body;
      if (entry.result) entry.result.data.content = evil;
      await route.fulfill({ response: res, json: body });
    });
    // Start elsewhere so the home page's data is read by the browser, not rendered by the server.
    await page.goto('/resources');
    await expect(page.getByRole('heading', { name: 'Veteran Resources', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Home' }).click();
    const body = page.locator('[data-slot=commander-message-body]');
    await expect(body.getByText('bold')).toBeVisible();
    const found = await body.evaluate((el) => ({
      tags: [...el.querySelectorAll('*')].map((n) => n.localName),
      attributes: [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].map((a) => a.name)),
      text: el.textContent,
    }));
    expect([...new Set(found.tags)].sort()).toStrictEqual(['br', 'em', 'p', 'strong', 'u']);
    expect(found.attributes).toStrictEqual([]);
    expect(found.text, 'the text of a removed link stays').toContain('linked');
    expect(found.text, 'script text is dropped').not.toContain('__xss');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await context.close();
  });

  test('/commander-message shows the full message with the commander’s name', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/commander-message');
    await expect(page.getByRole('heading', { name: "Commander's Message", level: 1 })).toBeVisible();
    await expect(page.getByText('Thomas Reed')).toBeVisible();
    await expect(page.getByText('I look forward to seeing you at the Post Home.')).toBeVisible();
    expect(await pageViolations(page)).toStrictEqual([]);
    // Formatted from the first byte: the server renders the sanitized HTML with its line breaks,
    // and hydrating keeps exactly that markup (no swap from plain text).
    const raw = await (await fetch(`${site.url}/commander-message`, { headers: { accept: 'text/html' } })).text();
    const served = /<div data-slot="commander-message-body"[^>]*>([\s\S]*?)<\/div>/.exec(raw)?.[1] ?? '';
    expect(served).toMatch(/<strong>show up, roll up your sleeves and bring a friend<\/strong>/);
    expect(served).toMatch(/<em>no veteran in Hometown/);
    expect(served).toMatch(/Fellow veterans, families and friends of Hometown,<br><br>It is an honor/);
    await expect(page.locator('html[data-ready]')).toBeAttached();
    await expect.poll(() => page.locator('[data-slot=commander-message-body]').evaluate((el) => el.innerHTML)).toBe(served);
    await context.close();
  });

  test('/news lists every item newest first and /news/{id} shows one in full; unknown ids show not found', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/news');
    await expect(page.getByRole('heading', { name: 'Post News', level: 1 })).toBeVisible();
    const titles = page.getByRole('heading', { level: 2 });
    await expect
      .poll(async () => (await titles.allInnerTexts()).slice(0, 4))
      .toStrictEqual([
        'Fundraisers Bring Veteran Relief Fund to a Record High',
        'Hometown Students Honored in Patriotic Essay Contest',
        'Free Help With VA Claims Every Thursday Evening',
        'Post Home Kitchen Renovation Complete',
      ]);
    expect(await pageViolations(page)).toStrictEqual([]);
    await page.getByRole('link', { name: 'Free Help With VA Claims Every Thursday Evening', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Free Help With VA Claims Every Thursday Evening', level: 1 })).toBeVisible();
    await expect(page).toHaveURL((url) => /^\/news\/\d+$/.test(url.pathname));
    await expect(page.locator('article p.whitespace-pre-line'), 'three paragraphs').toHaveCount(3);
    await page.getByRole('link', { name: 'Back to all news' }).click();
    await page.waitForURL('**/news');

    await page.goto('/news/999999');
    await expect(page.getByRole('heading', { name: newsMessages.notFound })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to all news' })).toHaveAttribute('href', '/news');
    await page.goto('/news/not-a-number');
    await expect(page.getByRole('heading', { name: newsMessages.notFound })).toBeVisible();
    await context.close();
  });

  test('/community shows the active highlight first, then past ones', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/community');
    await expect(page.getByRole('heading', { name: 'Community Programs', level: 1 })).toBeVisible();
    await expect(page.locator('main h2, main h3')).toHaveText([
      'Current Highlight',
      'Partnering With the Hometown Food Pantry',
      'Past Programs',
      'Flags for Hometown Elementary',
    ]);
    expect(await pageViolations(page)).toStrictEqual([]);
    await context.close();
  });

  test('/resources: three cards with links and hotlines, local offices and national links', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/resources');
    const health = page.getByRole('region', { name: 'Healthcare' });
    await expect(health).toBeVisible();
    await expect(health.getByRole('link', { name: 'VA Health Care' })).toHaveAttribute('href', 'https://www.va.gov/health-care/');
    await expect(health.getByRole('link', { name: HOTLINES.healthcare })).toHaveAttribute('href', 'tel:8772228387');
    const benefits = page.getByRole('region', { name: 'Benefits & Claims' });
    await expect(benefits.getByRole('link', { name: HOTLINES.benefits })).toHaveAttribute('href', 'tel:8008271000');
    await expect(benefits.getByText('Tax-free monthly payments')).toBeVisible();
    const crisis = page.getByRole('region', { name: 'Crisis Support' });
    await expect(crisis.getByRole('link', { name: 'Call 988 then press 1' })).toHaveAttribute('href', 'tel:988');
    await expect(crisis.getByRole('link', { name: 'Text 838255' })).toHaveAttribute('href', 'sms:838255');
    await expect(crisis.getByRole('link', { name: '988 Suicide & Crisis Lifeline' })).toBeVisible();
    const local = page.getByRole('region', { name: 'Local Resources' });
    await expect(local.getByText('County Veterans Service Office', { exact: true })).toBeVisible();
    await expect(local.getByRole('link', { name: '(555) 010-0200' })).toHaveAttribute('href', 'tel:5550100200');
    await expect(local.getByRole('link', { name: /211 Community Services/ }), 'local resources are listed').toBeVisible();
    const national = page.getByRole('region', { name: 'National Organization Resources' });
    await expect(national.getByRole('link', { name: 'VA claims help' })).toBeVisible();
    await expect(national.getByRole('link', { name: /VFW National Website/ })).toBeVisible();
    await expect(page.getByText(resourceMessages.noneAvailable)).toHaveCount(0);
    expect(await pageViolations(page)).toStrictEqual([]);
    await context.close();
  });
});

test.describe('public pages of an empty database', () => {
  let site: TestSite;
  test.beforeAll(async ({ browser }) => {
    site = await startSite({ browser });
  });
  test.afterAll(async () => site?.close());

  test('home shows the four empty texts', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/');
    for (const text of [eventMessages.noUpcoming, commanderMessages.noneAvailable, newsMessages.noneAvailable, communityMessages.noneAvailable]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /View Details/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Read full message' })).toHaveCount(0);
    expect(await pageViolations(page)).toStrictEqual([]);
    // The same after a client-side visit (the browser reads, 404s mean "none").
    await page.goto('/resources');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Home' }).click();
    await expect(page.getByText(commanderMessages.noneAvailable)).toBeVisible();
    await expect(page.getByText(communityMessages.noneAvailable)).toBeVisible();
    await context.close();
  });

  test('resources: every card reads the empty text and the crisis line is always there', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/resources');
    for (const name of ['Healthcare', 'Benefits & Claims', 'Crisis Support']) {
      await expect(page.getByRole('region', { name }).getByText(resourceMessages.noneAvailable)).toBeVisible();
    }
    await expect(page.getByRole('link', { name: HOTLINES.healthcare }), 'no hotline without resources').toHaveCount(0);
    await expect(page.getByRole('link', { name: HOTLINES.benefits })).toHaveCount(0);
    const crisis = page.getByRole('region', { name: 'Crisis Support' });
    await expect(crisis.getByRole('link', { name: 'Call 988 then press 1' })).toHaveAttribute('href', 'tel:988');
    await expect(crisis.getByRole('link', { name: 'Text 838255' })).toHaveAttribute('href', 'sms:838255');
    await expect(page.getByRole('region', { name: 'Local Resources' }).getByRole('heading', { name: "State Department of Veterans' Affairs" })).toBeVisible();
    await context.close();
  });

  test('news, commander message and community show their empty states', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/news');
    await expect(page.getByText(newsMessages.noneAvailable)).toBeVisible();
    await page.goto('/commander-message');
    await expect(page.getByText(commanderMessages.noneAvailable)).toBeVisible();
    await page.goto('/community');
    await expect(page.getByText(communityMessages.noneAvailable)).toBeVisible();
    await page.goto('/news/1');
    await expect(page.getByRole('heading', { name: newsMessages.notFound })).toBeVisible();
    await context.close();
  });
});

test.describe('head markup (issue 16)', () => {
  let site: TestSite;
  test.beforeAll(async ({ browser }) => {
    site = await startSite({ browser, seed: true });
  });
  test.afterAll(async () => site?.close());

  test('a news item titled Temps > 90 & "rising" reads exactly that in <title>, og:title and the page; every public head is clean', async () => {
    const title = 'Temps > 90 & "rising"';
    const full = `${title} | Hometown Veterans Post`;
    const { page, context } = await site.newPage();
    await apiSignInAdmin(context);
    const created = await context.request.post('/api/news', {
      data: { title, content: "It's hot: 90 < 95 & climbing.", publishDate: new Date().toISOString() },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: number };

    // The server's HTML, parsed the way a browser (or a link preview) parses it.
    const routes = ['/', '/events', '/resources', '/news', `/news/${id}`, '/community', '/commander-message', '/QRG', '/login'];
    for (const route of routes) {
      const html = await (await fetch(`${site.url}${route}`, { headers: { accept: 'text/html' } })).text();
      const doc = await page.evaluate((h) => {
        const d = new DOMParser().parseFromString(h, 'text/html');
        const text = d.getElementById('app')?.textContent ?? '';
        return {
          title: d.title,
          titles: d.querySelectorAll('title').length,
          ogTitle: d.querySelector('meta[property="og:title"]')?.getAttribute('content'),
          description: d.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
          headTagsInBody: d.body.querySelectorAll('title, meta, link[rel="canonical"]').length,
          // Markup or an entity showing as text means something was escaped twice or not at all.
          stray: /<\/?[a-z][^>]*>|&(amp|lt|gt|quot|#\d+);/i.exec(text)?.[0] ?? null,
          h1: d.querySelector('h1')?.textContent,
        };
      }, html);
      expect(doc.titles, `${route}: one <title>`).toBe(1);
      expect(doc.ogTitle, `${route}: og:title is the title`).toBe(doc.title);
      expect(doc.headTagsInBody, `${route}: head tags only in <head>`).toBe(0);
      expect(doc.stray, `${route}: no stray markup in the page`).toBe(null);
      expect(`${doc.title} ${doc.description}`, `${route}: head text shows as typed`).not.toMatch(/&(amp|lt|gt|quot|#\d+);|<\/?[a-z]/i);
      if (route === `/news/${id}`) {
        expect(doc.title).toBe(full);
        expect(doc.h1).toBe(title);
      }
    }

    // In the browser, after hydration and after a client-side navigation to the item.
    await page.goto(`/news/${id}`);
    const seen = async () =>
      page.evaluate(() => ({
        title: document.title,
        titles: document.querySelectorAll('title').length,
        og: [...document.querySelectorAll('meta[property="og:title"]')].map((m) => m.getAttribute('content')),
        h1: document.querySelector('h1')?.textContent,
      }));
    expect(await seen()).toStrictEqual({ title: full, titles: 1, og: [full], h1: title });
    await page.goto('/news');
    await page.getByRole('link', { name: title }).first().click();
    await page.waitForURL(`**/news/${id}`);
    await expect(page).toHaveTitle(full);
    expect(await seen()).toStrictEqual({ title: full, titles: 1, og: [full], h1: title });
    await context.close();
  });
});
