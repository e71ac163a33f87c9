import { expect } from '@playwright/test';
import type { Locator, Page } from 'playwright-core';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { axe, violations, WCAG_TAGS } from './axe.ts';
import { E2E_ADMIN } from './harness.ts';

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

/** Whether the element is the focused one. */
export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
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
