import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
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
  await page.getByRole('heading', { level: 1 }).waitFor();
  await waitForApp(page);
  /** Asserts that every request went to the test server, and none carried any of `typed`. */
  const assertStayedLocal = (typed: string[]) => {
    const origin = new URL(site.url).origin;
    assert.ok(requests.length > 0, 'the listener saw the page load');
    for (const r of requests) {
      if (r.url.startsWith('data:') || r.url.startsWith('blob:')) continue;
      assert.equal(new URL(r.url).origin, origin, `request left 127.0.0.1: ${r.url}`);
      for (const value of typed) {
        for (const form of [value, encodeURIComponent(value)]) {
          assert.ok(!r.url.includes(form) && !r.body.includes(form), `typed data was sent in ${r.url}`);
        }
      }
    }
  };
  return { page, context, errors, assertStayedLocal };
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
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG file');
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Decodes the QR code in a PNG with a real decoder (jsQR) and returns its content as UTF-8 text. */
function decodeQr(bytes: Buffer): string {
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  assert.ok(code, 'the PNG holds a readable QR code');
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(code.binaryData));
}

async function checkDownload(page: Page, tab: string, expected: string, label = 'Download PNG') {
  const { name, bytes } = await downloadPng(page, label);
  assert.equal(name, `qr-code-${tab}.png`);
  assert.deepEqual(pngSize(bytes), { width: QR_SIZE, height: QR_SIZE });
  assert.equal(decodeQr(bytes), expected);
}

test.describe('QR code generator (/QRG)', () => {
  test('URL tab: adds https://, shows the data, downloads a 300x300 PNG that scans back to it', async () => {
    const { page, context, errors, assertStayedLocal } = await openQr();
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'QR Code Generator');
    assert.ok(await page.getByText('Generate QR codes for events, contact information, and veteran resources').isVisible());
    assert.match(await page.title(), /^QR Code Generator \| /);
    assert.equal(await page.getByRole('tab', { name: 'URL' }).getAttribute('aria-selected'), 'true');
    assert.ok(await page.getByText('Fill in the form to generate your QR code').isVisible());
    assert.equal(await page.getByRole('button', { name: 'Download PNG' }).count(), 0);
    assert.ok(await page.getByText(/codes are generated instantly .* No data is stored/).isVisible());

    const url = page.getByRole('main').getByLabel('Website URL');
    assert.match(await page.getByText(/https:\/\/ is added automatically/).innerText(), /https:\/\/ is added automatically/);
    await url.fill('  vfw-example.org/events?year=2026&month=11 ');
    const expected = 'https://vfw-example.org/events?year=2026&month=11';
    assert.equal(encodeUrl('  vfw-example.org/events?year=2026&month=11 '), expected);
    await page.getByTestId('qr-image').waitFor();
    assert.equal(await shownData(page), expected);
    assert.equal(await page.getByText('Fill in the form to generate your QR code').count(), 0);
    assert.equal(await page.getByTestId('qr-image').getAttribute('alt'), `QR code linking to ${expected}`);
    await checkDownload(page, 'url', expected);

    // An address typed with its scheme is kept as typed, and the code follows every change.
    await url.fill('http://example.org/a');
    await page.getByTestId('qr-encoded-data').getByText('http://example.org/a', { exact: true }).waitFor();
    await checkDownload(page, 'url', 'http://example.org/a');

    assertStayedLocal(['vfw-example.org', 'example.org/a']);
    assert.deepEqual(errors, []);
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
    assert.equal(await page.locator('html[data-ready]').count(), 0, 'typed before the page hydrated');
    release();
    await waitForApp(page);
    await page.getByTestId('qr-image').waitFor();
    assert.equal(await url.inputValue(), 'early.example.org');
    assert.equal(await shownData(page), 'https://early.example.org');
    // Clear All Fields empties the field as well as the form's state.
    await page.getByRole('button', { name: 'Clear All Fields' }).click();
    assert.equal(await url.inputValue(), '');
    assert.ok(await page.getByText('Fill in the form to generate your QR code').isVisible());
    await context.close();
  });

  test('Text tab: a 4-row box; the code holds the text exactly as typed', async () => {
    const { page, context, errors, assertStayedLocal } = await openQr();
    await page.getByRole('tab', { name: 'Text' }).click();
    const box = page.getByRole('main').getByLabel('Text for the QR code');
    assert.equal(await box.getAttribute('rows'), '4');
    const text = 'Pancake Breakfast — Saturday 8 AM\nAll veterans welcome: café, más; 100% free!\n  Bring a friend  ';
    await box.fill(text);
    await page.getByTestId('qr-image').waitFor();
    assert.equal(await shownData(page), text);
    await checkDownload(page, 'text', text);
    assertStayedLocal(['Pancake Breakfast']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('Contact tab: a vCard 3.0 with an accented name and a comma that scans back exactly', async () => {
    const { page, context, errors, assertStayedLocal } = await openQr({ width: 390 });
    await page.getByRole('tab', { name: 'Contact' }).click();
    assert.ok(await page.getByText('Fill in the form to generate your QR code').isVisible());
    // Organization and website alone are not a contact card.
    await page.getByRole('main').getByLabel('Organization').fill('Hometown Post, Auxiliary; Unit 2');
    await page.getByRole('main').getByLabel('Website', { exact: true }).fill('example.org/post');
    assert.ok(await page.getByText('Fill in the form to generate your QR code').isVisible());

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
    assert.ok(expected.includes('FN:José Núñez\\, Jr.\r\n'));
    await page.getByTestId('qr-image').waitFor();
    assert.equal(await shownData(page), expected);
    assert.equal(await page.getByTestId('qr-image').getAttribute('alt'), 'QR code with the contact card of José Núñez, Jr.');
    await checkDownload(page, 'contact', expected);
    assertStayedLocal(['José', 'Núñez', '555-010-0199', 'jose.nunez@example.org', 'Hometown Post']);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("keeps each tab's inputs when switching, and Clear All Fields empties every tab and the preview", async () => {
    const { page, context, assertStayedLocal } = await openQr();
    await page.getByRole('main').getByLabel('Website URL').fill('example.org');
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByRole('main').getByLabel('Text for the QR code').fill('Hello');
    await page.getByTestId('qr-encoded-data').getByText('Hello', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByRole('main').getByLabel('First Name').fill('Ann');
    await page.getByRole('tab', { name: 'URL' }).click();
    assert.equal(await page.getByRole('main').getByLabel('Website URL').inputValue(), 'example.org');
    await page.getByTestId('qr-encoded-data').getByText('https://example.org', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Text' }).click();
    assert.equal(await page.getByRole('main').getByLabel('Text for the QR code').inputValue(), 'Hello');

    await page.getByRole('button', { name: 'Clear All Fields' }).click();
    await page.getByText('Fill in the form to generate your QR code').waitFor();
    assert.equal(await page.getByTestId('qr-image').count(), 0);
    assert.equal(await page.getByTestId('qr-encoded-data').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Download PNG' }).count(), 0);
    assert.equal(await page.getByRole('main').getByLabel('Text for the QR code').inputValue(), '');
    // Focus goes back to the start of the form.
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'TEXTAREA');
    await page.getByRole('tab', { name: 'URL' }).click();
    assert.equal(await page.getByRole('main').getByLabel('Website URL').inputValue(), '');
    await page.getByRole('tab', { name: 'Contact' }).click();
    assert.equal(await page.getByRole('main').getByLabel('First Name').inputValue(), '');
    assert.ok(await page.getByText('Fill in the form to generate your QR code').isVisible());
    assertStayedLocal(['example.org', 'Hello', 'Ann']);
    await context.close();
  });

  test("'Copy Data' copies the data and shows 'Copied!' for about 2 seconds", async () => {
    const { page, context, assertStayedLocal } = await openQr();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.getByRole('main').getByLabel('Website URL').fill('example.org/copy');
    await page.getByTestId('qr-image').waitFor();
    await page.getByRole('button', { name: 'Copy Data' }).click();
    const shownAt = Date.now();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'https://example.org/copy');
    assert.equal(await page.getByRole('status').filter({ hasText: 'Copied!' }).count(), 1);
    await page.waitForTimeout(1200);
    assert.ok(await page.getByRole('button', { name: 'Copied!' }).isVisible(), 'still shown after 1.2 s');
    await page.getByRole('button', { name: 'Copy Data' }).waitFor({ timeout: 3000 });
    const elapsed = Date.now() - shownAt;
    assert.ok(elapsed >= 1800 && elapsed < 3000, `reverted after ${elapsed} ms`);
    assertStayedLocal(['example.org/copy']);
    await context.close();
  });

  test('shows Spanish labels when the browser language is Spanish', async () => {
    const { page, context, errors } = await openQr({ locale: 'es-ES' });
    assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), 'Generador de códigos QR');
    assert.ok(await page.getByText('Genere códigos QR para eventos, información de contacto y recursos para veteranos').isVisible());
    assert.ok(await page.getByText('Complete el formulario para generar su código QR').isVisible());
    assert.ok(await page.getByRole('button', { name: 'Borrar todos los campos' }).isVisible());
    assert.equal(await page.getByText('Clear All Fields').count(), 0);
    assert.equal(await page.getByText('Fill in the form to generate your QR code').count(), 0);
    await page.getByRole('tab', { name: 'Contacto' }).click();
    await page.getByRole('main').getByLabel('Nombre').fill('María');
    await page.getByRole('main').getByLabel('Apellido').fill('Peña');
    await page.getByTestId('qr-image').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Descargar PNG' }).isVisible());
    assert.ok(await page.getByRole('button', { name: 'Imprimir' }).isVisible());
    assert.ok(await page.getByText('Datos codificados').isVisible());
    assert.equal(await page.getByTestId('qr-image').getAttribute('alt'), 'Código QR con la tarjeta de contacto de María Peña');
    assert.equal(
      await page
        .locator('[lang="es"]')
        .filter({ has: page.getByRole('heading', { level: 1 }) })
        .count(),
      1,
    );
    const card = encodeContact({ firstName: 'María', lastName: 'Peña', phone: '', email: '', organization: '', url: '' });
    assert.equal(await shownData(page), card);
    await checkDownload(page, 'contact', card, 'Descargar PNG');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('prints only the code and its caption', async () => {
    const { page, context, assertStayedLocal } = await openQr();
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('main').getByLabel('Website URL').fill('example.org/flyer');
    await page.getByTestId('qr-image').waitFor();
    const caption = page.getByRole('main').getByLabel('Caption for printing');
    assert.equal(await caption.inputValue(), 'example.org/flyer');
    await caption.fill('Scan for our Veterans Day events');
    await page.getByRole('button', { name: 'Print' }).click();
    assert.equal(await page.evaluate(() => (window as unknown as { printed: number }).printed), 1);

    const sheet = page.locator('[data-qr-print-sheet]');
    assert.equal(await sheet.isVisible(), false, 'the print sheet is not on screen');
    await page.emulateMedia({ media: 'print' });
    assert.ok(await sheet.isVisible());
    assert.ok(await sheet.getByText('Scan for our Veterans Day events').isVisible());
    assert.equal(await sheet.getByRole('img').getAttribute('alt'), 'QR code linking to https://example.org/flyer');
    for (const hidden of [
      page.getByRole('heading', { level: 1 }),
      page.getByRole('button', { name: 'Download PNG' }),
      page.getByRole('main').getByLabel('Website URL'),
      page.getByTestId('qr-image'),
      page.locator('header').first(),
      page.locator('footer').first(),
      page.getByRole('complementary', { name: 'Veterans Crisis Line' }),
    ]) {
      assert.equal(await hidden.isVisible(), false);
    }
    // Only the sheet's image and caption take up space in print.
    const visible = await page.evaluate(() =>
      [...document.body.querySelectorAll('*')].filter((el) => el.getClientRects().length > 0 && !el.closest('[data-qr-print-sheet]')).map((el) => el.tagName),
    );
    assert.deepEqual(visible, []);

    // An emptied caption prints no caption.
    await page.emulateMedia({ media: 'screen' });
    await caption.fill('');
    await page.emulateMedia({ media: 'print' });
    assert.equal(await sheet.locator('p').count(), 0);
    assertStayedLocal(['example.org/flyer', 'Veterans Day']);
    await context.close();
  });

  test('says when the text is too long for a QR code', async () => {
    const { page, context } = await openQr();
    await page.getByRole('tab', { name: 'Text' }).click();
    await page.getByRole('main').getByLabel('Text for the QR code').fill('x'.repeat(5000));
    await page.getByRole('alert').filter({ hasText: 'This is too long to fit in a QR code. Please shorten it.' }).waitFor();
    assert.equal(await page.getByTestId('qr-image').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Download PNG' }).isDisabled(), true);
    await page.getByRole('main').getByLabel('Text for the QR code').fill('x'.repeat(1500));
    await page.getByTestId('qr-image').waitFor();
    await checkDownload(page, 'text', 'x'.repeat(1500));
    await context.close();
  });

  test('has no accessibility violations', async () => {
    const { page, context } = await openQr();
    await page.getByRole('tab', { name: 'Contact' }).click();
    await page.getByRole('main').getByLabel('First Name').fill('Ann');
    await page.getByTestId('qr-image').waitFor();
    assert.deepEqual(await violations(axe(page).include('main')), []);
    await context.close();
  });

  test('loads the QR library only on this page, from this site', async () => {
    const assets = path.resolve(import.meta.dirname, '../dist/assets');
    const chunks = readdirSync(assets).filter(
      (f) => f.endsWith('.js') && readFileSync(path.join(assets, f), 'utf8').includes('too big to be stored in a QR Code'),
    );
    assert.equal(chunks.length, 1, 'the qrcode package is one chunk of its own');
    const [chunk] = chunks;
    const { page, context } = await site.newPage();
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(r.url()));
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.ok(!loaded.some((u) => u.endsWith(`/assets/${chunk}`)), 'not loaded on the home page');
    await page.goto('/QRG');
    await waitForApp(page);
    await page.getByRole('main').getByLabel('Website URL').fill('example.org');
    await page.getByTestId('qr-image').waitFor();
    assert.ok(
      loaded.some((u) => u === `${site.url}/assets/${chunk}`),
      'loaded from this site on /QRG',
    );
    await context.close();
  });
});
