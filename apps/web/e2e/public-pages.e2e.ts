import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { commanderMessages } from '@post/contracts/messages/commander';
import { communityMessages } from '@post/contracts/messages/community';
import { eventMessages } from '@post/contracts/messages/events';
import { newsMessages } from '@post/contracts/messages/news';
import { resourceMessages } from '@post/contracts/messages/resources';
import { HOTLINES } from '@post/contracts/site-settings';
import { pageViolations } from './axe.ts';
import { apiSignInAdmin, startSite, waitForApp, type TestSite } from './harness.ts';

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
    await page.getByRole('heading', { name: 'Proudly Honoring All Branches' }).waitFor();
    const branches = page.locator('section', { has: page.getByRole('heading', { name: 'Proudly Honoring All Branches' }) });
    for (const b of BRANCHES) assert.ok(await branches.getByText(b, { exact: true }).isVisible(), b);

    const events = section(page, 'Upcoming Events');
    await events
      .getByRole('link', { name: /View Details/ })
      .first()
      .waitFor();
    const cards = events.locator('[data-slot=event-card]');
    assert.ok((await cards.count()) >= 3);
    const firstHref = await events
      .getByRole('link', { name: /View Details/ })
      .first()
      .getAttribute('href');
    assert.match(firstHref ?? '', /^\/events\?id=\d+$/);
    assert.equal(await events.getByRole('link', { name: 'See all events' }).getAttribute('href'), '/events');
    // Date and time in the post's zone: PM times of evening events, never Pacific.
    assert.match(await cards.first().innerText(), /\d{1,2}:\d{2} (AM|PM)/);
    assert.ok((await events.getByText('Volunteers:').count()) >= 1, 'volunteer names are listed');
    // Three columns on a wide screen.
    const boxes = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    assert.equal(new Set(boxes.map((b) => Math.round(b!.y))).size, 1, 'the first three cards share a row');

    const commander = section(page, "Commander's Message");
    await commander.getByText('Thomas Reed').waitFor();
    assert.ok(await commander.getByText('TR', { exact: true }).isVisible());
    assert.equal(await commander.locator('[data-slot=commander-message-body] strong').first().innerText(), 'show up, roll up your sleeves and bring a friend');
    assert.equal(await commander.getByRole('link', { name: 'Read full message' }).first().getAttribute('href'), '/commander-message');

    const news = section(page, 'Latest News');
    assert.equal(await news.getByRole('article').count(), 3);
    assert.equal(await news.getByRole('heading', { level: 4 }).first().innerText(), 'Fundraisers Bring Veteran Relief Fund to a Record High');
    assert.equal(await news.getByRole('link', { name: 'View all news' }).getAttribute('href'), '/news');

    const engagement = section(page, 'Community Engagement');
    assert.ok(await engagement.getByText('Partnering With the Hometown Food Pantry').isVisible());
    // The demo highlight carries a photo of its own (issue 22): shown with its text alternative.
    const photo = engagement.locator('picture img').first();
    assert.ok(await photo.isVisible(), 'the highlight shows its photo');
    assert.ok(((await photo.getAttribute('alt')) ?? '').length > 10, 'the photo has its alt text');
    for (const t of ['Community', 'Food Security', 'Volunteering'])
      assert.ok(await engagement.getByRole('list', { name: 'Tags' }).getByText(t, { exact: true }).isVisible());
    assert.equal(await engagement.getByRole('link', { name: 'View all community programs' }).getAttribute('href'), '/community');

    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    assert.ok(cls < 0.1, `cumulative layout shift ${cls}`);
    assert.deepEqual(await pageViolations(page), []);
    assert.deepEqual(errors, []);
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
      await page.getByRole('contentinfo').locator('button:not([disabled])', { hasText: 'Subscribe' }).waitFor();
    }
    await page.getByRole('tab', { name: 'Member Portal' }).click();
    await page.getByLabel('Membership Number').waitFor();
    await page.waitForLoadState('networkidle');
    const inline = await page.evaluate(() => document.querySelector('style')?.textContent?.length ?? 0);
    assert.ok(inline > 10_000, 'the app stylesheet is inline');
    // Only the calendar's own stylesheet is a request; the app's was inlined into each page.
    assert.deepEqual(
      sheets.filter((s) => !s.includes('events-calendar')),
      [],
    );
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
    await page.getByRole('heading', { name: 'Veteran Resources', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Home' }).click();
    const body = page.locator('[data-slot=commander-message-body]');
    await body.getByText('bold').waitFor();
    const found = await body.evaluate((el) => ({
      tags: [...el.querySelectorAll('*')].map((n) => n.localName),
      attributes: [...el.querySelectorAll('*')].flatMap((n) => [...n.attributes].map((a) => a.name)),
      text: el.textContent,
    }));
    assert.deepEqual([...new Set(found.tags)].sort(), ['br', 'em', 'p', 'strong', 'u']);
    assert.deepEqual(found.attributes, []);
    assert.ok(found.text?.includes('linked'), 'the text of a removed link stays');
    assert.ok(!found.text?.includes('__xss'), 'script text is dropped');
    assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
    await context.close();
  });

  test('/commander-message shows the full message with the commander’s name', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/commander-message');
    await page.getByRole('heading', { name: "Commander's Message", level: 1 }).waitFor();
    assert.ok(await page.getByText('Thomas Reed').isVisible());
    assert.ok(await page.getByText('I look forward to seeing you at the Post Home.').isVisible());
    assert.deepEqual(await pageViolations(page), []);
    // Formatted from the first byte: the server renders the sanitized HTML with its line breaks,
    // and hydrating keeps exactly that markup (no swap from plain text).
    const raw = await (await fetch(`${site.url}/commander-message`, { headers: { accept: 'text/html' } })).text();
    const served = /<div data-slot="commander-message-body"[^>]*>([\s\S]*?)<\/div>/.exec(raw)?.[1] ?? '';
    assert.match(served, /<strong>show up, roll up your sleeves and bring a friend<\/strong>/);
    assert.match(served, /<em>no veteran in Hometown/);
    assert.match(served, /Fellow veterans, families and friends of Hometown,<br><br>It is an honor/);
    await page.waitForSelector('html[data-ready]');
    const hydrated = await page.locator('[data-slot=commander-message-body]').evaluate((el) => el.innerHTML);
    assert.equal(hydrated, served);
    await context.close();
  });

  test('/news lists every item newest first and /news/{id} shows one in full; unknown ids show not found', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/news');
    await page.getByRole('heading', { name: 'Post News', level: 1 }).waitFor();
    const titles = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    assert.deepEqual(titles.slice(0, 4), [
      'Fundraisers Bring Veteran Relief Fund to a Record High',
      'Hometown Students Honored in Patriotic Essay Contest',
      'Free Help With VA Claims Every Thursday Evening',
      'Post Home Kitchen Renovation Complete',
    ]);
    assert.deepEqual(await pageViolations(page), []);
    await page.getByRole('link', { name: 'Free Help With VA Claims Every Thursday Evening', exact: true }).click();
    await page.getByRole('heading', { name: 'Free Help With VA Claims Every Thursday Evening', level: 1 }).waitFor();
    assert.match(new URL(page.url()).pathname, /^\/news\/\d+$/);
    assert.equal(await page.locator('article p.whitespace-pre-line').count(), 3, 'three paragraphs');
    await page.getByRole('link', { name: 'Back to all news' }).click();
    await page.waitForURL('**/news');

    await page.goto('/news/999999');
    await page.getByRole('heading', { name: newsMessages.notFound }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Back to all news' }).getAttribute('href'), '/news');
    await page.goto('/news/not-a-number');
    await page.getByRole('heading', { name: newsMessages.notFound }).waitFor();
    await context.close();
  });

  test('/community shows the active highlight first, then past ones', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/community');
    await page.getByRole('heading', { name: 'Community Programs', level: 1 }).waitFor();
    const headings = await page.locator('main h2, main h3').allInnerTexts();
    assert.deepEqual(headings, ['Current Highlight', 'Partnering With the Hometown Food Pantry', 'Past Programs', 'Flags for Hometown Elementary']);
    assert.deepEqual(await pageViolations(page), []);
    await context.close();
  });

  test('/resources: three cards with links and hotlines, local offices and national links', async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/resources');
    const health = page.getByRole('region', { name: 'Healthcare' });
    await health.waitFor();
    assert.equal(await health.getByRole('link', { name: 'VA Health Care' }).getAttribute('href'), 'https://www.va.gov/health-care/');
    assert.equal(await health.getByRole('link', { name: HOTLINES.healthcare }).getAttribute('href'), 'tel:8772228387');
    const benefits = page.getByRole('region', { name: 'Benefits & Claims' });
    assert.equal(await benefits.getByRole('link', { name: HOTLINES.benefits }).getAttribute('href'), 'tel:8008271000');
    assert.ok(await benefits.getByText('Tax-free monthly payments').isVisible());
    const crisis = page.getByRole('region', { name: 'Crisis Support' });
    assert.equal(await crisis.getByRole('link', { name: 'Call 988 then press 1' }).getAttribute('href'), 'tel:988');
    assert.equal(await crisis.getByRole('link', { name: 'Text 838255' }).getAttribute('href'), 'sms:838255');
    assert.ok(await crisis.getByRole('link', { name: '988 Suicide & Crisis Lifeline' }).isVisible());
    const local = page.getByRole('region', { name: 'Local Resources' });
    assert.ok(await local.getByText('County Veterans Service Office', { exact: true }).isVisible());
    assert.equal(await local.getByRole('link', { name: '(555) 010-0200' }).getAttribute('href'), 'tel:5550100200');
    assert.ok(await local.getByRole('link', { name: /211 Community Services/ }).isVisible(), 'local resources are listed');
    const national = page.getByRole('region', { name: 'National Organization Resources' });
    assert.ok(await national.getByRole('link', { name: 'VA claims help' }).isVisible());
    assert.ok(await national.getByRole('link', { name: /VFW National Website/ }).isVisible());
    assert.equal(await page.getByText(resourceMessages.noneAvailable).count(), 0);
    assert.deepEqual(await pageViolations(page), []);
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
      await page.getByText(text).waitFor();
    }
    assert.equal(await page.getByRole('link', { name: /View Details/ }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Read full message' }).count(), 0);
    assert.deepEqual(await pageViolations(page), []);
    // The same after a client-side visit (the browser reads, 404s mean "none").
    await page.goto('/resources');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Home' }).click();
    await page.getByText(commanderMessages.noneAvailable).waitFor();
    await page.getByText(communityMessages.noneAvailable).waitFor();
    await context.close();
  });

  test('resources: every card reads the empty text and the crisis line is always there', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/resources');
    for (const name of ['Healthcare', 'Benefits & Claims', 'Crisis Support']) {
      await page.getByRole('region', { name }).getByText(resourceMessages.noneAvailable).waitFor();
    }
    assert.equal(await page.getByRole('link', { name: HOTLINES.healthcare }).count(), 0, 'no hotline without resources');
    assert.equal(await page.getByRole('link', { name: HOTLINES.benefits }).count(), 0);
    const crisis = page.getByRole('region', { name: 'Crisis Support' });
    assert.equal(await crisis.getByRole('link', { name: 'Call 988 then press 1' }).getAttribute('href'), 'tel:988');
    assert.equal(await crisis.getByRole('link', { name: 'Text 838255' }).getAttribute('href'), 'sms:838255');
    assert.ok(await page.getByRole('region', { name: 'Local Resources' }).getByRole('heading', { name: "State Department of Veterans' Affairs" }).isVisible());
    await context.close();
  });

  test('news, commander message and community show their empty states', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/news');
    await page.getByText(newsMessages.noneAvailable).waitFor();
    await page.goto('/commander-message');
    await page.getByText(commanderMessages.noneAvailable).waitFor();
    await page.goto('/community');
    await page.getByText(communityMessages.noneAvailable).waitFor();
    await page.goto('/news/1');
    await page.getByRole('heading', { name: newsMessages.notFound }).waitFor();
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
    assert.equal(created.status(), 200, await created.text());
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
      assert.equal(doc.titles, 1, `${route}: one <title>`);
      assert.equal(doc.ogTitle, doc.title, `${route}: og:title is the title`);
      assert.equal(doc.headTagsInBody, 0, `${route}: head tags only in <head>`);
      assert.equal(doc.stray, null, `${route}: no stray markup in the page`);
      assert.doesNotMatch(`${doc.title} ${doc.description}`, /&(amp|lt|gt|quot|#\d+);|<\/?[a-z]/i, `${route}: head text shows as typed`);
      if (route === `/news/${id}`) {
        assert.equal(doc.title, full);
        assert.equal(doc.h1, title);
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
    assert.deepEqual(await seen(), { title: full, titles: 1, og: [full], h1: title });
    await page.goto('/news');
    await page.getByRole('link', { name: title }).first().click();
    await page.waitForURL(`**/news/${id}`);
    await page.waitForFunction((t) => document.title === t, full);
    assert.deepEqual(await seen(), { title: full, titles: 1, og: [full], h1: title });
    await context.close();
  });
});
