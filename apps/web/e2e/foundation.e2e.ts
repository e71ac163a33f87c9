import { expect, test } from './fixtures.ts';
import { commonMessages } from '@post/contracts/messages/common';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { holdScripts, startSite, waitForApp, type TestSite } from './harness.ts';
import { demoMembers, E2E_ADMIN } from './setup.ts';

let site: TestSite;
test.beforeAll(async ({ browser }) => {
  // The README's default: the embedded database with demo content.
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

test.describe('foundation', () => {
  test('loads the home page with the header, footer and crisis line', async () => {
    const { page, context } = await site.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Welcome to Hometown Veterans Post/);
    await expect(page.getByRole('link', { name: 'View Upcoming Events' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dial 988 then press 1' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    expect(await page.title()).toBe('Hometown Veterans Post | Home');
    expect(errors).toStrictEqual([]);
    await context.close();
  });

  test('renders the page on the server with one module script and its data as JSON, then hydrates it', async () => {
    const html = await (await fetch(`${site.url}/`, { headers: { accept: 'text/html' } })).text();
    // One module script (the app's entry); the data is a JSON block, never an inline script (CSP).
    expect(html.match(/<script type="module"/g)?.length).toBe(1);
    expect(html.match(/<script(?![^>]*type="(module|application\/json|application\/ld\+json)")/g), 'no classic or inline script').toBe(null);
    expect(html).toContain('<script type="application/json" id="app-data">');
    expect(html, 'the page is in the HTML').toMatch(/<h1[^>]*>Welcome to (<!-- -->)?Hometown Veterans Post<\/h1>/);

    const { page, context } = await site.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto('/');
    // The data came with the page: hydrating asked the API only who is signed in (never server-rendered).
    const reads = requested.filter((r) => r.startsWith('/trpc') || r.startsWith('/api/')).flatMap((r) => r.replace('/trpc/', '').split(','));
    expect(
      reads.filter((p) => p !== 'adminAuth.check' && p !== 'memberAuth.session'),
      'no data requests while hydrating',
    ).toStrictEqual([]);
    // And the page is interactive: the client router takes a click.
    await page.getByRole('link', { name: 'View Upcoming Events' }).click();
    await page.waitForURL('**/events');
    expect(requested.filter((r) => r === '/events').length, 'a client-side navigation, not a page load').toBe(0);
    await context.close();
  });

  test('moves the title, description and canonical link into <head> as pages change in the browser', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    const head = () =>
      page.evaluate(() => ({
        title: document.title,
        titles: document.querySelectorAll('title').length,
        descriptions: [...document.head.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content')),
        canonical: [...document.head.querySelectorAll('link[rel="canonical"]')].map((l) => new URL(l.getAttribute('href')!).pathname),
        inBody: document.body.querySelectorAll('title, meta, link[rel="canonical"]').length,
      }));
    const home = await head();
    expect([home.titles, home.descriptions.length, home.canonical, home.inBody]).toStrictEqual([1, 1, ['/'], 0]);
    // A link followed in the browser (no page load): the router renders /news, Head rewrites <head>.
    await page.getByRole('link', { name: 'View all news' }).click();
    await page.waitForURL('**/news');
    await expect(page.getByRole('heading', { name: 'Post News', level: 1 })).toBeVisible();
    await page.waitForFunction(() => document.title.startsWith('Post News'));
    const news = await head();
    expect(news.title).toBe('Post News | Hometown Veterans Post');
    expect([news.titles, news.descriptions.length, news.canonical, news.inBody]).toStrictEqual([1, 1, ['/news'], 0]);
    expect(news.descriptions[0]).not.toBe(home.descriptions[0]);
    await context.close();
  });

  test('gives each public route its own title, description, canonical URL and OpenGraph tags; signed-in pages are noindex', async () => {
    const newsId = ((await (await fetch(`${site.url}/api/news`)).json()) as { id: number }[])[0]!.id;
    const routes = ['/', '/events', '/resources', '/news', `/news/${newsId}`, '/community', '/commander-message', '/QRG', '/login'];
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const route of routes) {
      const res = await fetch(`${site.url}${route}`, { headers: { accept: 'text/html' } });
      expect(res.status, route).toBe(200);
      const html = await res.text();
      const head = html.slice(0, html.indexOf('</head>'));
      const all = (re: RegExp) => [...head.matchAll(re)].map((m) => m[1]!);
      const titles = all(/<title>([^<]*)<\/title>/g);
      const descriptions = all(/<meta name="description" content="([^"]*)"/g);
      const canonical = all(/<link rel="canonical" href="([^"]*)"/g);
      expect(titles.length, `${route}: one title`).toBe(1);
      expect(descriptions.length, `${route}: one description`).toBe(1);
      expect(descriptions[0]!.length >= 30, `${route}: a real description`).toBeTruthy();
      expect(canonical, `${route}: canonical URL`).toStrictEqual([`${site.url}${route}`]);
      expect(all(/<meta property="og:url" content="([^"]*)"/g), `${route}: og:url`).toStrictEqual(canonical);
      expect(all(/<meta property="og:title" content="([^"]*)"/g), `${route}: og:title`).toStrictEqual(titles);
      expect(all(/<meta property="og:description" content="([^"]*)"/g).length, `${route}: og:description`).toBe(1);
      expect(head, `${route} is indexable`).not.toMatch(/noindex/);
      expect(html.slice(html.indexOf('<body')), `${route}: head tags only in <head>`).not.toMatch(/<title>|<meta |rel="canonical"/);
      seen.titles.add(titles[0]!);
      seen.descriptions.add(descriptions[0]!);
    }
    expect(seen.titles.size, 'every title differs').toBe(routes.length);
    expect(seen.descriptions.size, 'every description differs').toBe(routes.length);
    for (const route of ['/admin', '/admin/events/new', '/admin/login', '/member']) {
      const res = await fetch(`${site.url}${route}`, { headers: { accept: 'text/html' } });
      expect(res.headers.get('x-robots-tag'), route).toBe('noindex');
      expect(await res.text(), route).toMatch(/<meta name="robots" content="noindex">/);
    }
  });

  test('signs an administrator in on the Login page and reaches /admin', async () => {
    // The widest screens show a signed-in administrator's header links in a row (decision 0061).
    const { page, context } = await site.newPage({ width: 1536 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(signInMessages.adminLoginFailed.description)).toBeVisible();
    // What was typed is still there after a failure.
    await expect(page.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    // The admin pages are under the header's Admin menu at desktop widths (decision 0096).
    await page.getByRole('banner').getByRole('button', { name: 'Admin' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Change Password' })).toBeVisible();
    await context.close();
  });

  test('signs in with what was typed before the page ran; the form needs no code loaded after the page', async () => {
    // Decisions 0054 and 0077: the sign-in form is in the server's markup and in the page's own code.
    const { page, context } = await site.newPage();
    const releasePage = await holdScripts(page, /\/assets\/login-page-[^/]*\.js$/);
    // The harness's goto settles once the page has run (and fails on errors meanwhile).
    const loaded = page.goto('/login');
    const form = page.getByRole('form', { name: 'Administrator sign in' });
    await form.getByLabel('Username').fill(E2E_ADMIN.username);
    await form.getByLabel('Password').fill(E2E_ADMIN.password);
    expect(await form.getByRole('button', { name: 'Sign In' }).isDisabled(), 'Sign In waits for the page to run').toBeTruthy();
    // Every script asked for from now on waits: the form must come alive without any of them.
    const releaseLater = await holdScripts(page, /\/assets\/[^/]*\.js$/);
    releasePage();
    await loaded;
    await expect(form.getByRole('button', { name: 'Sign In' }).and(page.locator(':enabled'))).toBeVisible({ timeout: 15_000 });
    await expect(form.getByLabel('Username')).toHaveValue(E2E_ADMIN.username);
    releaseLater();
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin?signedIn=1');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await context.close();
  });

  test("a signed-in administrator's and member's own header links come with the page, before any script runs", async () => {
    // Decision 0080: the server renders the visitor's own header, and hydration keeps it.
    const admin = await site.newPage({ width: 1536 });
    expect((await admin.page.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200);
    const member = await site.newPage({ width: 1536 });
    const { password, numbers } = demoMembers(site);
    const login = await member.page.request.post('/api/member/login', { data: { membershipNumber: numbers[0], password } });
    expect(login.status()).toBe(200);
    const firstName = ((await login.json()) as { member: { firstName: string } }).member.firstName;
    for (const [{ page, context }, path, own] of [
      [admin, '/events', admin.page.getByRole('banner').getByRole('button', { name: 'Admin' })],
      [member, '/', member.page.getByRole('button', { name: `Hi ${firstName}: sign out of the member portal` })],
    ] as const) {
      const release = await holdScripts(page, /\/assets\/[^/]*\.js$/);
      const loaded = page.goto(path);
      await expect(own).toBeVisible();
      release();
      // The harness's goto fails on a hydration mismatch.
      await loaded;
      await waitForApp(page);
      expect(await own.isVisible(), path).toBeTruthy();
      if (page === member.page) await expect(page.getByRole('banner').getByRole('link', { name: 'Member Login' })).toHaveCount(0);
      await context.close();
    }
  });

  test('shows the login page in place of an admin page without a session', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/admin');
    await expect(page.getByRole('tab', { name: 'Administration' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await page.goto('/admin/change-password');
    await page.waitForURL((u) => u.pathname === '/admin/login');
    await context.close();
  });

  test('signs a member in and reaches /member; /member without a session goes to the Member Portal tab', async () => {
    const { password, numbers } = demoMembers(site);
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/member');
    await page.waitForURL('**/login?tab=member');
    const tab = page.getByRole('tab', { name: 'Member Portal' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Membership Number').fill(numbers[0]!);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/member');
    await expect(page.getByRole('heading', { name: 'Member Portal' })).toBeVisible();
    await expect(page.getByText(signInMessages.memberLoginSuccess.description)).toBeVisible();
    await context.close();
  });

  test("shows '404 Page Not Found' for an unknown path, without the developer hint", async () => {
    const { page, context } = await site.newPage();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: commonMessages.pageNotFound })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    await context.close();
  });
});
