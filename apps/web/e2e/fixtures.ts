import { test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { fileSite, whatPagesShow } from './harness.ts';
import { apiSignInAdmin, createEventWithShifts, demoMembers, type EventPlan, type EventWithShifts } from './setup.ts';

export { expect } from '@playwright/test';

/** A page of its own context, on the file's site (`startSite` in `test.beforeAll`). */
interface SignedIn {
  page: Page;
  context: BrowserContext;
}

/** The screen the signed-in pages open on: `touch` is a phone's touch screen (a coarse pointer). */
export interface Screen {
  width: number;
  height: number;
  touch?: boolean;
}

interface Fixtures {
  /** The screen of `asAdmin` and `asMember`; 1280 × 900 unless a describe says `test.use({ pageScreen: { width: 390, height: 844, touch: true } })`. */
  pageScreen: Screen;
  /** A page signed in as the test administrator (through the API; the Login page has its own tests). */
  asAdmin: SignedIn;
  /** A page signed in as the first demo member of a seeded site (`startSite({ seed: true })`). */
  asMember: SignedIn;
  /** The API signed in as the test administrator, for set-up a test does itself (no page). */
  adminApi: APIRequestContext;
  /** What `eventWithShifts` creates; `test.use({ eventPlan: { … } })` changes it. */
  eventPlan: EventPlan;
  /** An event with shifts, created through the API as the event form would (a fish fry five days ahead, Server ×4 and Cashier ×1). */
  eventWithShifts: EventWithShifts;
  /** Prints what the open pages show and the server's last lines when a test fails. */
  failureReport: void;
}

/**
 * The browser tests' `test`: Playwright's, with the signed-in roles, set-up through the API
 * and a failure report (decisions 0074, 0091). Each file starts its own server on a fresh
 * database in `test.beforeAll`, with Playwright's `browser`, so that a file never sees another
 * file's data: these fixtures are per test, on that file's site.
 */
export const test = base.extend<Fixtures>({
  pageScreen: [{ width: 1280, height: 900 }, { option: true }],
  asAdmin: async ({ pageScreen }, use) => {
    const signedIn = await fileSite().newPage(pageScreen);
    await apiSignInAdmin(signedIn.context);
    await use(signedIn);
    await signedIn.context.close();
  },
  asMember: async ({ pageScreen }, use) => {
    const site = fileSite();
    const signedIn = await site.newPage(pageScreen);
    const { password, numbers } = demoMembers(site);
    const res = await signedIn.context.request.post('/api/member/login', { data: { membershipNumber: numbers[0], password } });
    if (res.status() !== 200) throw new Error(`member sign-in failed: ${res.status()} ${await res.text()}`);
    await use(signedIn);
    await signedIn.context.close();
  },
  adminApi: async ({ playwright }, use) => {
    const api = await playwright.request.newContext({ baseURL: fileSite().url });
    await apiSignInAdmin(api);
    await use(api);
    await api.dispose();
  },
  eventPlan: [{}, { option: true }],
  eventWithShifts: async ({ adminApi, eventPlan }, use) => {
    await use(await createEventWithShifts(adminApi, eventPlan));
  },
  failureReport: [
    async ({}, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const report = await whatPagesShow();
      await testInfo.attach('what the pages show', { body: report, contentType: 'text/plain' });
    },
    { auto: true },
  ],
});
