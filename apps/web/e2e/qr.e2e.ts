import { expect, test } from './fixtures.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { encodeContact, encodeUrl, QR_SIZE } from '@post/contracts/rules/qr';
import { axe, violations } from './axe.ts';
import { holdScripts, startSite, waitForApp, type TestSite } from './harness.ts';

let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser });
});
test.afterAll(async () => site?.close());

/**
 * Opens /QRG and records every request the page makes, to prove that nothing leaves this
 * machine and that nothing the visitor types is sent anywhere, even to the site itself.
 */
async function openQr(opts: { locale?: string; width?: number } = {}) {
  const { page, context } = await site.newPage({ locale: opts.locale, width: opts.width, height: opts.width ? 844 : undefined });
  const requests: { url: string; body: string }[] = [];
  context.on('request', (r) => requests.push({ url: r.url(), body: r.postData() ?? '' }));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/QRG');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForApp(page);
  /** Asserts that every request went to the test server, and none carried any of `typed`. */
  const expectStayedLocal = (typed: string[]) => {
    const origin = new URL(site.url).origin;
    expect(requests.length, 'the listener saw the page load').toBeGreaterThan(0);
    for (const r of requests) {
      if (r.url.startsWith('data:') || r.url.startsWith('blob:')) continue;
      expect(new URL(r.url).origin, `request left 127.0.0.1: ${r.url}`).toBe(origin);
      for (const value of typed) {
        for (const form of [value, encodeURIComponent(value)]) {
          expect(r.url, `typed data was sent in ${r.url}`).not.toContain(form);
          expect(r.body, `typed data was sent in ${r.url}`).not.toContain(form);
        }
      }
    }
  };
  return { page, context, errors, expectStayedLocal };
}

/** The encoded data as the page shows it (textContent keeps the vCard's CRLF line breaks). */
async function shownData(page: Page): Promise<string> {
  return (await page.getByTestId('qr-encoded-data').textContent()) ?? '';
}

/** Clicks 'Download PNG' and returns the file's name and bytes. */
async function downloadPng(page: Page, label = 'Download PNG'): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

/** Width and height from the PNG's IHDR chunk (bytes 16-23, big-endian), after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)], 'a PNG file').toStrictEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Decodes the QR code in a PNG with a real decoder (jsQR) and returns its content as UTF-8 text. */
function decodeQr(bytes: Buffer): string {
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  if (!code) throw new Error('the PNG holds no readable QR code');
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(code.binaryData));
}

async function checkDownload(page: Page, tab: string, expected: string, label = 'Download PNG') {
  const { name, bytes } = await downloadPng(page, label);
  expect(name).toBe(`qr-code-${tab}.png`);
  expect(pngSize(bytes)).toStrictEqual({ width: QR_SIZE, height: QR_SIZE });
  expect(decodeQr(bytes)).toBe(expected);
}

test.describe('QR code generator (/QRG)', () => {
  test('URL tab: adds https://, shows the data, downloads a 300x300 PNG that scans back to it', async () => {
    const { page, context, errors, expectStayedLocal } = await openQr();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('QR Code Generator');
    await expect(page.getByText('Generate QR codes for events, contact information, and veteran resources')).toBeVisible();
    await expect(page).toHaveTitle(/^QR Code Generator \| /);
    await expect(page.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Fill in the form to generate your QR code')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download PNG' })).toHaveCount(0);
    await expect(page.getByText(/codes are generated instantly .* No data is stored/)).toBeVisible();

    const url = page.getByRole('main').getByLabel('Website URL');
    await expect(page.getByText(/https:\/\/ is added automatically/)).toBeVisible();
    await url.fill('  vfw-example.org/events?year=2026&month=11 ');
    const expected = 'https://vfw-example.org/events?year=2026&month=11';
    expect(encodeUrl('  vfw-example.org/events?year=2026&month=11 ')).toBe(expected);
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await expect.poll(() => shownData(page)).toBe(expected);
    await expect(page.getByText('Fill in the form to generate your QR code')).toHaveCount(0);
    await expect(page.getByTestId('qr-image')).toHaveAttribute('alt', `QR code linking to ${expected}`);
    await checkDownload(page, 'url', expected);

    // An address typed with its scheme is kept as typed, and the code follows every change.
    await url.fill('http://example.org/a');
    await expect(page.getByTestId('qr-encoded-data').getByText('http://example.org/a', { exact: true })).toBeVisible();
    await checkDownload(page, 'url', 'http://example.org/a');

    expectStayedLocal(['vfw-example.org', 'example.org/a']);
    expect(errors).toStrictEqual([]);
    await context.close();
  });

  test("keeps an address typed before the page's code has arrived, and encodes it", async () => {
    const { page, context } = await site.newPage();
    // The page's code arrives late, as on a slow phone: its address field is already on the page.
    const release = await holdScripts(page, /\/assets\/QRG-[^/]*\.js$/);
    await page.evaluate((to) => window.location.assign(to), new URL('/QRG', site.url).href).catch(() => undefined);
    await page.waitForURL('**/QRG', { waitUntil: 'domcontentloaded' });
    const url = page.getByRole('main').getByLabel('Website URL');
    await url.fill('early.example.org');
    await expect(page.locator('html[data-ready]'), 'typed before the page hydrated').toHaveCount(0);
    release();
    await waitForApp(page);
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await expect(url).toHaveValue('early.example.org');
    await expect.poll(() => shownData(page)).toBe('https://early.example.org');
    // Clear All Fields empties the field as well as the form's state.
    await page.getByRole('button', { name: 'Clear All Fields' }).click();
    await expect(url).toHaveValue('');
    await expect(page.getByText('Fill in the form to generate your QR code')).toBeVisible();
    await context.close();
  });

  test('Text tab: a 4-row box; the code holds the text exactly as typed', async () => {
    const { page, context, errors, expectStayedLocal } = await openQr();
    await page.getByRole('tab', { name: 'Text' }).click();
    const box = page.getByRole('main').getByLabel('Text for the QR code');
    await expect(box).toHaveAttribute('rows', '4');
    const text = 'Pancake Breakfast — Saturday 8 AM\nAll veterans welcome: café, más; 100% free!\n  Bring a friend  ';
    await box.fill(text);
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await expect.poll(() => shownData(page)).toBe(text);
    await checkDownload(page, 'text', text);
    expectStayedLocal(['Pancake Breakfast']);
    expect(errors).toStrictEqual([]);
    await context.close();
  });

  test('Contact tab: a vCard 3.0 with an accented name and a comma that scans back exactly', async () => {
    const { page, context, errors, expectStayedLocal } = await openQr({ width: 390 });
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expect(page.getByText('Fill in the form to generate your QR code')).toBeVisible();
    // Organization and website alone are not a contact card.
    await page.getByRole('main').getByLabel('Organization').fill('Hometown Post, Auxiliary; Unit 2');
    await page.getByRole('main').getByLabel('Website', { exact: true }).fill('example.org/post');
    await expect(page.getByText('Fill in the form to generate your QR code')).toBeVisible();

    await page.getByRole('main').getByLabel('First Name').fill('José');
    await page.getByRole('main').getByLabel('Last Name').fill('Núñez, Jr.');
    await page.getByRole('main').getByLabel('Phone').fill('555-010-0199');
    await page.getByRole('main').getByLabel('Email').fill('jose.nunez@example.org');
    const expected = encodeContact({
      firstName: 'José',
      lastName: 'Núñez, Jr.',
      phone: '555-010-0199',
      email: 'jose.nunez@example.org',
      organization: 'Hometown Post, Auxiliary; Unit 2',
      url: 'example.org/post',
    });
    expect(expected).toContain('FN:José Núñez\\, Jr.\r\n');
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await expect.poll(() => shownData(page)).toBe(expected);
    await expect(page.getByTestId('qr-image')).toHaveAttribute('alt', 'QR code with the contact card of José Núñez, Jr.');
    await checkDownload(page, 'contact', expected);
    expectStayedLocal(['José', 'Núñez', '555-010-0199', 'jose.nunez@example.org', 'Hometown Post']);
    expect(errors).toStrictEqual([]);
    await context.close();
  });

  test("keeps each tab's inputs when switching, and Clear All Fields empties every tab and the preview", async () => {
    const { page, context, expectStayedLocal } = await openQr();
    await page.getByRole('main').getByLabel('Website URL').fill('example.org');
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByRole('main').getByLabel('Text for the QR code').fill('Hello');
    await expect(page.getByTestId('qr-encoded-data').getByText('Hello', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByRole('main').getByLabel('First Name').fill('Ann');
    await page.getByRole('tab', { name: 'URL' }).click();
    await expect(page.getByRole('main').getByLabel('Website URL')).toHaveValue('example.org');
    await expect(page.getByTestId('qr-encoded-data').getByText('https://example.org', { exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Text' }).click();
    await expect(page.getByRole('main').getByLabel('Text for the QR code')).toHaveValue('Hello');

    await page.getByRole('button', { name: 'Clear All Fields' }).click();
    await expect(page.getByText('Fill in the form to generate your QR code')).toBeVisible();
    await expect(page.getByTestId('qr-image')).toHaveCount(0);
    await expect(page.getByTestId('qr-encoded-data')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download PNG' })).toHaveCount(0);
    await expect(page.getByRole('main').getByLabel('Text for the QR code')).toHaveValue('');
    // Focus goes back to the start of the form.
    await expect(page.getByRole('main').getByLabel('Text for the QR code')).toBeFocused();
    await page.getByRole('tab', { name: 'URL' }).click();
    await expect(page.getByRole('main').getByLabel('Website URL')).toHaveValue('');
    await page.getByRole('tab', { name: 'Contact' }).click();
    await expect(page.getByRole('main').getByLabel('First Name')).toHaveValue('');
    await expect(page.getByText('Fill in the form to generate your QR code')).toBeVisible();
    expectStayedLocal(['example.org', 'Hello', 'Ann']);
    await context.close();
  });

  test("'Copy Data' copies the data and shows 'Copied!' for about 2 seconds", async () => {
    const { page, context, expectStayedLocal } = await openQr();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.getByRole('main').getByLabel('Website URL').fill('example.org/copy');
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await page.getByRole('button', { name: 'Copy Data' }).click();
    const shownAt = Date.now();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://example.org/copy');
    await expect(page.getByRole('status').filter({ hasText: 'Copied!' })).toHaveCount(1);
    // The test is about time: 'Copied!' must still show 1.2 s after the click.
    await page.waitForTimeout(1200);
    await expect(page.getByRole('button', { name: 'Copied!' }), 'still shown after 1.2 s').toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy Data' })).toBeVisible({ timeout: 3000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed, 'reverted after about 2 s').toBeGreaterThanOrEqual(1800);
    expect(elapsed, 'reverted after about 2 s').toBeLessThan(3000);
    expectStayedLocal(['example.org/copy']);
    await context.close();
  });

  test('shows Spanish labels when the browser language is Spanish', async () => {
    const { page, context, errors } = await openQr({ locale: 'es-ES' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Generador de códigos QR');
    await expect(page.getByText('Genere códigos QR para eventos, información de contacto y recursos para veteranos')).toBeVisible();
    await expect(page.getByText('Complete el formulario para generar su código QR')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Borrar todos los campos' })).toBeVisible();
    await expect(page.getByText('Clear All Fields')).toHaveCount(0);
    await expect(page.getByText('Fill in the form to generate your QR code')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Contacto' }).click();
    await page.getByRole('main').getByLabel('Nombre').fill('María');
    await page.getByRole('main').getByLabel('Apellido').fill('Peña');
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descargar PNG' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    await expect(page.getByText('Datos codificados')).toBeVisible();
    await expect(page.getByTestId('qr-image')).toHaveAttribute('alt', 'Código QR con la tarjeta de contacto de María Peña');
    await expect(page.locator('[lang="es"]').filter({ has: page.getByRole('heading', { level: 1 }) })).toHaveCount(1);
    const card = encodeContact({ firstName: 'María', lastName: 'Peña', phone: '', email: '', organization: '', url: '' });
    await expect.poll(() => shownData(page)).toBe(card);
    await checkDownload(page, 'contact', card, 'Descargar PNG');
    expect(errors).toStrictEqual([]);
    await context.close();
  });

  test('prints only the code and its caption', async () => {
    const { page, context, expectStayedLocal } = await openQr();
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('main').getByLabel('Website URL').fill('example.org/flyer');
    await expect(page.getByTestId('qr-image')).toBeVisible();
    const caption = page.getByRole('main').getByLabel('Caption for printing');
    await expect(caption).toHaveValue('example.org/flyer');
    await caption.fill('Scan for our Veterans Day events');
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    const sheet = page.locator('[data-qr-print-sheet]');
    await expect(sheet, 'the print sheet is not on screen').toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText('Scan for our Veterans Day events')).toBeVisible();
    await expect(sheet.getByRole('img')).toHaveAttribute('alt', 'QR code linking to https://example.org/flyer');
    for (const hidden of [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('button', { name: 'Download PNG' }),
      page.getByRole('main').getByLabel('Website URL'),
      page.getByTestId('qr-image'),
      page.locator('header').first(),
      page.locator('footer').first(),
      page.getByRole('complementary', { name: 'Veterans Crisis Line' }),
    ]) {
      await expect(hidden).toBeHidden();
    }
    // Only the sheet's image and caption take up space in print.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.body.querySelectorAll('*')]
            .filter((el) => el.getClientRects().length > 0 && !el.closest('[data-qr-print-sheet]'))
            .map((el) => el.tagName),
        ),
      )
      .toStrictEqual([]);

    // An emptied caption prints no caption.
    await page.emulateMedia({ media: 'screen' });
    await caption.fill('');
    await page.emulateMedia({ media: 'print' });
    await expect(sheet.locator('p')).toHaveCount(0);
    expectStayedLocal(['example.org/flyer', 'Veterans Day']);
    await context.close();
  });

  test('says when the text is too long for a QR code', async () => {
    const { page, context } = await openQr();
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByRole('main').getByLabel('Text for the QR code').fill('x'.repeat(5000));
    await expect(page.getByRole('alert').filter({ hasText: 'This is too long to fit in a QR code. Please shorten it.' })).toBeVisible();
    await expect(page.getByTestId('qr-image')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download PNG' })).toBeDisabled();
    await page.getByRole('main').getByLabel('Text for the QR code').fill('x'.repeat(1500));
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await checkDownload(page, 'text', 'x'.repeat(1500));
    await context.close();
  });

  test('has no accessibility violations', async () => {
    const { page, context } = await openQr();
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByRole('main').getByLabel('First Name').fill('Ann');
    await expect(page.getByTestId('qr-image')).toBeVisible();
    expect(await violations(axe(page).include('main'))).toStrictEqual([]);
    await context.close();
  });

  test('loads the QR library only on this page, from this site', async () => {
    const assets = path.resolve(import.meta.dirname, '../dist/assets');
    const chunks = readdirSync(assets).filter(
      (f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes('too big to be stored in a QR Code'),
    );
    expect(chunks, 'the qrcode package is one chunk of its own').toHaveLength(1);
    const [chunk] = chunks;
    const { page, context } = await site.newPage();
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(r.url()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(
      loaded.filter((u) => u.endsWith(`/assets/${chunk}`)),
      'not loaded on the home page',
    ).toStrictEqual([]);
    await page.goto('/QRG');
    await waitForApp(page);
    await page.getByRole('main').getByLabel('Website URL').fill('example.org');
    await expect(page.getByTestId('qr-image')).toBeVisible();
    expect(loaded, 'loaded from this site on /QRG').toContain(`${site.url}/assets/${chunk}`);
    await context.close();
  });
});
