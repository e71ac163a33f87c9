import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { axe, violations, WCAG_TAGS } from './axe.ts';
import { waitForApp, type TestSite } from './harness.ts';
import { apiSignInAdmin, E2E_ADMIN } from './setup.ts';

/**
 * Signs the page's context in as the test administrator (POST /api/login shares the context's
 * cookies; the Login page itself is tested in foundation.e2e.ts) and opens the dashboard.
 */
export async function signInAdmin(page: Page, password: string = E2E_ADMIN.password): Promise<void> {
  const res = await page.request.post('/api/login', { data: { username: E2E_ADMIN.username, password } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
}

/** Waits for a toast with this exact text. */
export async function toast(page: Page, text: string): Promise<void> {
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .getByText(text, { exact: true })
      .first(),
  ).toBeVisible();
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The form field in <main> labelled `label` (the label's required marker aside). */
export function field(page: Page, label: string): Locator {
  const exact = new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`);
  return page.getByRole('main').getByLabel(exact);
}

/** The dashboard table with this accessible name. */
export function table(page: Page, name: string): Locator {
  return page.getByRole('table', { name });
}

/** A date in the post's zone, `days` from today. */
export function postDate(days: number, timeZone = 'America/New_York'): string {
  return utcToZoned(new Date(Date.now() + days * 86_400_000), timeZone).date;
}

/**
 * Waits until the page has laid out (a resize observer has run) and its finite animations and
 * transitions (a dialog opening, a toast sliding in) have ended, in place of a fixed sleep
 * (decision 0091). A spinner's endless animation is not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Axe findings in <main>, as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  return violations(axe(page).include('main').withTags(WCAG_TAGS));
}

/** Reads a public REST path as JSON (status and body). */
export async function api(page: Page, path: string): Promise<{ status: number; body: any }> {
  const res = await page.request.get(path);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  return { status: res.status(), body };
}

/** Collects script errors raised on admin pages; the returned check fails if there were any. */
export function collectErrors(page: Page): () => void {
  const errors: string[] = [];
  page.on('pageerror', (e) => {
    if (new URL(page.url()).pathname.startsWith('/admin')) errors.push(`${page.url()}: ${e.message}`);
  });
  return () => expect(errors).toEqual([]);
}

/** A full-page screenshot into `dir` when a run asks for them (`dir` set, from an environment variable), else nothing. */
export async function screenshotIfAsked(dir: string | undefined, page: Page, name: string): Promise<void> {
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * The check-in page on a phone, opened online until it says it is ready for the door and the
 * service worker keeps the page (its first install fetches all of the app's code).
 */
export async function openDoor(site: TestSite, eventId: number, width = 390): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await site.newPage({ width, height: 844 });
  await apiSignInAdmin(context);
  await page.goto(`/admin/events/${eventId}/check-in`);
  await expect(page.getByText('Ready for the door without signal')).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        for (const name of await caches.keys()) if (name.startsWith('door-pages-') && (await (await caches.open(name)).keys()).length > 0) return true;
        return false;
      }),
    )
    .toBe(true);
  return { page, context };
}

/** A reload as a phone without signal makes it: the page's own requests fail, as they must (the harness's reload counts their console lines as errors). */
export async function reloadOffline(page: Page): Promise<void> {
  await Promise.all([page.waitForEvent('load'), page.evaluate(() => void setTimeout(() => window.location.reload(), 0))]);
  await waitForApp(page);
}

/** Reloads the page, agreeing to the browser's "leave site?" question that unsaved changes ask. */
export async function reloadLeavingChanges(page: Page): Promise<void> {
  const accept = (d: { type(): string; accept(): Promise<void> }) => void (d.type() === 'beforeunload' && d.accept());
  page.on('dialog', accept);
  await page.reload();
  await waitForApp(page);
  page.off('dialog', accept);
}
