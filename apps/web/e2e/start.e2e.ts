import { expect, test } from './fixtures.ts';
import type { Page, Route } from 'playwright-core';
import { toast } from './admin-helpers.ts';
import { startSite, type TestSite } from './harness.ts';

// How a page starts (decision 0058): its script is the app's entry with Vite's preload links,
// fetched and run as soon as the HTML names them, never after the photos or the load event.

/** Holds every image response until `release` is called, as a slow phone's network holds a large photo. */
async function holdImages(page: Page) {
  const held: Route[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => /\.(avif|webp|jpe?g|png|svg)$/.test(url.pathname),
    async (route) => {
      held.push(route);
      await released;
      await route.continue().catch(() => undefined);
    },
  );
  return { held, release };
}

/** The id of the newest news item, whose photo is the largest on /news and /news/{id} in the demo content. */
async function newestNewsId(page: Page): Promise<number> {
  const res = await page.request.get('/api/news');
  const news = (await res.json()) as { id: number; image: unknown }[];
  expect(news[0]?.image, 'the demo sets a photo on the newest news item').toBeTruthy();
  return news[0].id;
}

test.describe('how a page starts', () => {
  let site: TestSite;
  test.beforeAll(async ({ browser }) => {
    site = await startSite({ browser, seed: true });
  });
  test.afterAll(async () => site?.close());

  test("requests the app's entry and its preloads before the load event, while the photo is still held", async () => {
    const { page, context } = await site.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const id = await newestNewsId(page);
    for (const route of ['/news', `/news/${id}`]) {
      const images = await holdImages(page);
      requested.length = 0;
      // The harness's goto returns once the app has hydrated: with every image held, that alone
      // shows the page came alive without waiting for them.
      await page.goto(route, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.querySelector('main picture img') !== null);
      const seen = await page.evaluate(() => ({
        entry: new URL(document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src).pathname,
        priority: document.querySelector('script[type="module"][src]')!.getAttribute('fetchpriority'),
        preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
        loadStarted: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
        readyState: document.readyState,
      }));
      expect(images.held.length, `${route}: a photo is held`).toBeGreaterThan(0);
      expect(seen.loadStarted, `${route}: the load event has not fired`).toBe(0);
      expect(seen.readyState, `${route}: the page has not loaded`).not.toBe('complete');
      expect(seen.priority, `${route}: the entry is fetched at the default priority`).toBe(null);
      expect(seen.preloads.length, `${route}: the entry's imports are preloaded`).toBeGreaterThan(3);
      for (const file of [seen.entry, ...seen.preloads]) expect(requested, `${route}: ${file} requested before the load event`).toContain(file);
      // The page's own chunk (the route's, a dynamic import of the entry) is named by the page
      // too, so it comes in the same round trip as the entry.
      const chunk = /\/assets\/(news|_id)-[^/]*\.js$/;
      expect(
        seen.preloads.some((p) => chunk.test(p)),
        `${route}: ${chunk} preloaded: ${seen.preloads.join(', ')}`,
      ).toBeTruthy();
      images.release();
      await page.waitForLoadState('load');
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    await context.close();
  });

  test("the phone menu and the footer's newsletter form work while the page's largest photo is still downloading", async () => {
    const { page, context } = await site.newPage({ width: 412, height: 823 });
    const id = await newestNewsId(page);
    const images = await holdImages(page);
    await page.goto(`/news/${id}`, { waitUntil: 'commit' });
    expect(images.held.length, 'the photo is held').toBeGreaterThan(0);
    expect(await page.evaluate(() => document.readyState), 'the page has not loaded').not.toBe('complete');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    await page.getByLabel('Your email address').fill('before.the.photo@example.org');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // No mail server on this test's site: the box says the message waits (issue 46).
    await toast(page, 'Subscription saved');
    expect(await page.evaluate(() => document.readyState), 'still before the photo arrived').not.toBe('complete');
    images.release();
    await context.close();
  });
});
