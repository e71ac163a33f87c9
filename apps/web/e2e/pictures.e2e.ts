import { expect, test } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { communityMessages } from '@post/contracts/messages/community';
import { formMessages } from '@post/contracts/messages/forms';
import { imageMessages } from '@post/contracts/messages/images';
import { newsMessages } from '@post/contracts/messages/news';
import { siteSettingsMessages } from '@post/contracts/messages/site-settings';
import type { Image } from '@post/contracts/images';
import type { Page } from 'playwright-core';
import { startSite, type TestSite } from './harness.ts';
import { api, field, reloadLeavingChanges, signInAdmin, toast } from './admin-helpers.ts';

// Pictures (issue 22): the demo's photos on the public pages as <picture> with width, height,
// srcset and the right loading hints; an administrator uploads a photo with its alt text.
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

/** A real JPEG to upload: one of the demo's files. */
async function demoJpeg(page: Page): Promise<Buffer> {
  const demo = ((await api(page, '/api/news')).body as { image: Image | null }[]).find((n) => n.image)!.image!;
  return Buffer.from(await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), demo.urls.jpeg[0]!.url));
}

test.describe('pictures', () => {
  test("the news page shows the first item's photo eagerly with fetchpriority high, og:image, and lazy pictures on the list", async () => {
    const { page, context } = await site.newPage();
    const news = (await api(page, '/api/news')).body as { id: number; imageAlt: string | null; image: Image | null }[];
    const first = news[0]!;
    expect(first.image, 'the demo sets a photo on the newest news item').toBeTruthy();
    await page.goto(`/news/${first.id}`);
    const img = page.getByRole('main').getByRole('img', { name: first.imageAlt! });
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    await expect(img).toHaveAttribute('loading', 'eager');
    await expect(img).toHaveAttribute('width', String(first.image!.width));
    await expect(img).toHaveAttribute('height', String(first.image!.height));
    expect((await page.locator('main picture source[type="image/avif"]').first().getAttribute('srcset')) ?? '').toMatch(/-480\.avif 480w/);
    // The browser loaded a processed file (AVIF in Chromium).
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/images\/[0-9a-f]{20}-\d+\.avif$/);
    expect((await page.locator('meta[property="og:image"]').getAttribute('content')) ?? '').toMatch(/\/images\/[0-9a-f]{20}-\d+\.jpg$/);

    await page.goto('/news');
    const card = page.getByRole('main').getByRole('img', { name: first.imageAlt! });
    await expect(card).toBeVisible();
    // The newest item's photo is the list's largest paint on a phone: fetched at once, first.
    await expect(card).toHaveAttribute('loading', 'eager');
    await expect(card).toHaveAttribute('fetchpriority', 'high');
    // Every other photo in the list waits until it is near the screen.
    for (const other of await page.getByRole('main').locator('li:not(:first-child) picture img').all()) {
      await expect(other).toHaveAttribute('loading', 'lazy');
      await expect(other).not.toHaveAttribute('fetchpriority');
    }
    await context.close();
  });

  test('the community highlight shows its photo with its alt text', async () => {
    const { page, context } = await site.newPage();
    const active = (await api(page, '/api/community-engagements/active')).body as { imageAlt: string };
    await page.goto('/');
    await expect(page.getByRole('img', { name: active.imageAlt }).first()).toBeVisible();
    await context.close();
  });

  test('an administrator uploads a photo to a news item, must describe it, and the public page shows it', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    // A real JPEG to upload: one of the demo's files.
    const demo = ((await api(page, '/api/news')).body as { image: Image | null }[]).find((n) => n.image)!.image!;
    const jpeg = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), demo.urls.jpeg[0]!.url);

    await page.goto('/admin/news/new');
    await expect(page.getByRole('heading', { name: 'New News Item', level: 1 })).toBeVisible();
    await field(page, 'Title').fill('E2E Picture News');
    await field(page, 'Content').fill('A picture of the flag.');
    // Not a photo: refused with the server's message.
    await page.getByLabel('Photo').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo at all') });
    await expect(page.getByRole('alert').filter({ hasText: imageMessages.notAnImage })).toBeVisible();
    await page.getByLabel('Photo').setInputFiles({ name: 'flag.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg) });
    await expect(page.getByRole('button', { name: 'Replace photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Create News Item' }).click();
    await expect(page.getByRole('alert').filter({ hasText: imageMessages.altRequired })).toBeVisible();
    await page.getByLabel(/Description of the photo/).fill('A flag on a pole');
    await page.getByRole('button', { name: 'Create News Item' }).click();
    await toast(page, newsMessages.created);
    const created = ((await api(page, '/api/news')).body as { id: number; title: string; imageAlt: string; image: Image | null }[]).find(
      (n) => n.title === 'E2E Picture News',
    )!;
    expect(created.imageAlt).toBe('A flag on a pole');
    expect(created.image).toBeTruthy();
    await page.goto(`/news/${created.id}`);
    await expect(page.getByRole('main').getByRole('img', { name: 'A flag on a pole' })).toBeVisible();
    await context.close();
  });

  test('keeps a chosen photo in the form draft: after a reload the picture, its alt text and the change are still there', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    const jpeg = await demoJpeg(page);
    await page.goto('/admin/community-engagement/new');
    await expect(page.getByRole('heading', { name: 'New Community Engagement', level: 1 })).toBeVisible();
    await field(page, 'Title').fill('E2E Draft Picture');
    await page.getByLabel('Photo').setInputFiles({ name: 'flag.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(page.getByRole('button', { name: 'Replace photo' })).toBeVisible();
    await page.getByLabel(/Description of the photo/).fill('Flags at the parade');
    await page.waitForFunction(() => (window.sessionStorage.getItem('draft:engagement:new') ?? '').includes('Flags at the parade'));

    await reloadLeavingChanges(page);
    await expect(page.getByRole('status').filter({ hasText: formMessages.draftRestored })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue('E2E Draft Picture');
    await expect(page.getByLabel(/Description of the photo/)).toHaveValue('Flags at the parade');
    const preview = page.locator('[data-slot="image-upload-field"]').getByRole('img', { name: 'Flags at the parade' });
    await expect(preview).toBeVisible();
    // The picture chooses its source a moment after it is shown: asked again until it has.
    await expect.poll(() => preview.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/images\/[0-9a-f]{20}-\d+\.avif$/);
    await page.waitForFunction((el) => (el as HTMLImageElement).complete, await preview.elementHandle());
    expect(await preview.evaluate((el: HTMLImageElement) => el.naturalWidth > 0), 'the restored preview loads').toBeTruthy();

    // Choosing a photo alone is a change: leaving asks first.
    await page.getByRole('button', { name: 'Remove photo' }).click();
    await page.getByLabel('Photo').setInputFiles({ name: 'flag.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(page.getByRole('button', { name: 'Replace photo' })).toBeVisible();
    await page.getByLabel(/Description of the photo/).fill('Flags at the parade, again');
    await field(page, 'Description').fill('The post marched with the flags.');
    await field(page, 'Tags').fill('parade');
    await page.getByRole('link', { name: /Back to/ }).click();
    const dialog = page.getByRole('alertdialog', { name: formMessages.unsavedChanges.title });
    await dialog.getByRole('button', { name: formMessages.unsavedChanges.stay }).click();
    await expect(dialog).not.toBeAttached();

    await page.getByRole('button', { name: /Create/ }).click();
    await toast(page, communityMessages.created);
    const created = ((await api(page, '/api/community-engagements')).body as { title: string; imageAlt: string | null; image: Image | null }[]).find(
      (e) => e.title === 'E2E Draft Picture',
    )!;
    expect(created.imageAlt).toBe('Flags at the parade, again');
    expect(created.image).toBeTruthy();
    await context.close();
  });

  test('the post logo is uploaded in Settings with its alt text; the header shows it small and at once, and og:image falls back to it', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    const jpeg = await demoJpeg(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'Site Settings', level: 1 })).toBeVisible();
    await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'emblem.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(page.getByRole('button', { name: 'Replace photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByRole('alert').filter({ hasText: imageMessages.altRequired })).toBeVisible();
    // The missing description has the focus, like any other invalid field.
    expect(await page.evaluate(() => document.activeElement?.id.endsWith('-alt'))).toBe(true);
    await page.getByLabel(/Description of the photo/).fill('Post emblem');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, siteSettingsMessages.saved);
    const settings = (await api(page, '/api/site-settings')).body as { logoAlt: string; logo: Image | null };
    expect(settings.logoAlt).toBe('Post emblem');
    expect(settings.logo).toBeTruthy();

    // A visitor: the header's logo is a <picture> with its size, loaded at once, at normal priority.
    const visitor = await site.newPage();
    await visitor.page.goto('/events');
    const logo = visitor.page.locator('[data-slot="site-header"]').getByRole('img', { name: 'Post emblem' });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('width', String(settings.logo!.width));
    await expect(logo).toHaveAttribute('height', String(settings.logo!.height));
    await expect(logo).toHaveAttribute('loading', 'eager');
    await expect(logo).not.toHaveAttribute('fetchpriority');
    expect(await logo.evaluate((el) => el.parentElement?.tagName)).toBe('PICTURE');
    const box = (await logo.boundingBox())!;
    expect(box.width <= 44 && box.height <= 44, `small: ${box.width} x ${box.height}`).toBeTruthy();
    // The served page (server-rendered) has og:image from the logo on a page without its own picture.
    const html = await (await visitor.page.request.get('/events')).text();
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${settings.logo!.urls.jpeg.at(-1)!.url.replace(/[.]/g, '\\.')}"`));
    expect(html).toMatch(/<meta property="og:image:alt" content="Post emblem"/);
    await visitor.context.close();

    // Removed again: the emblem is back.
    await page.getByRole('button', { name: 'Remove photo' }).click();
    // The first save's toast may still show: wait for this save's own answer.
    const saved = page.waitForResponse((r) => r.url().includes('siteSettings.update') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    expect((await saved).ok()).toBe(true);
    expect(((await api(page, '/api/site-settings')).body as { logo: Image | null }).logo).toBe(null);
    await context.close();
  });

  test("takes an iPhone's HEIC photo (sent without a type, as phones often do) and shows its preview", async () => {
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await signInAdmin(page);
    const heic = readFileSync(new URL('../../api/src/features/images/fixtures/photo.heic', import.meta.url));
    await page.goto('/admin/news/new');
    await expect(page.getByRole('heading', { name: 'New News Item', level: 1 })).toBeVisible();
    await page.getByLabel('Photo').setInputFiles({ name: 'IMG_0001.HEIC', mimeType: '', buffer: heic });
    await expect(page.getByRole('button', { name: 'Replace photo' })).toBeVisible();
    await page.getByLabel(/Description of the photo/).fill('A test photo from a phone');
    const preview = page.locator('[data-slot="image-upload-field"]').getByRole('img', { name: 'A test photo from a phone' });
    await expect(preview).toBeVisible();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete, await preview.elementHandle());
    // The server made its files from the decoded HEIC (120 px wide: one width) and the browser shows one.
    expect(await preview.evaluate((el: HTMLImageElement) => el.naturalWidth > 0), 'the processed HEIC shows').toBeTruthy();
    expect(await preview.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/images\/[0-9a-f]{20}-120\.avif$/);
    // On a phone the photo's buttons take the field's whole width, like the form's own buttons.
    const field = (await page.locator('[data-slot="image-upload-field"] > div').first().boundingBox())!;
    const button = (await page.getByRole('button', { name: 'Replace photo' }).boundingBox())!;
    expect(button.width > field.width - 40, `${button.width} of ${field.width}`).toBeTruthy();
    await context.close();
  });
});
