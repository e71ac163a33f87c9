import { test as base, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
import { apiSignInAdmin, demoMembers, fileSite, whatPagesShow } from './harness.ts';

/** A page of its own context, on the file's site (`startSite` in `test.beforeAll`). */
interface SignedIn {
  page: Page;
  context: BrowserContext;
}

interface Fixtures {
  /** A 1280 px page signed in as the test administrator (through the API; the Login page has its own tests). */
  asAdmin: SignedIn;
  /** A 1280 px page signed in as the first demo member of a seeded site. */
  asMember: SignedIn;
  /** Prints what the open pages show and the server's last lines when a test fails. */
  failureReport: void;
}

/**
 * The browser tests' `test`: Playwright's, with the signed-in roles and a failure report
 * (decision 0074). Each file starts its own server on a fresh database in `test.beforeAll`,
 * with Playwright's `browser`, so that a file never sees another file's data.
 */
export const test = base.extend<Fixtures>({
  asAdmin: async ({}, use) => {
    const signedIn = await fileSite().newPage();
    await apiSignInAdmin(signedIn.context);
    await use(signedIn);
    await signedIn.context.close();
  },
  asMember: async ({}, use) => {
    const site = fileSite();
    const signedIn = await site.newPage();
    const { password, numbers } = demoMembers(site);
    const res = await signedIn.context.request.post('/api/member/login', { data: { membershipNumber: numbers[0], password } });
    if (res.status() !== 200) throw new Error(`member sign-in failed: ${res.status()} ${await res.text()}`);
    await use(signedIn);
    await signedIn.context.close();
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
