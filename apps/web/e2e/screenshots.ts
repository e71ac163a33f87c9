import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startSite } from './harness.ts';
import { demoMembers, E2E_ADMIN } from './setup.ts';

// Looks at screens as people see them: `node e2e/screenshots.ts [out-dir] [route ...]`
// saves full-page PNGs at 390 px and 1280 px, signed out, as administrator (routes under
// /admin) and as a member (/member). Not a test.
const out = path.resolve(process.argv[2] ?? '/tmp/shots');
const routes = process.argv.slice(3).length ? process.argv.slice(3) : ['/', '/login', '/admin', '/member', '/nope'];
mkdirSync(out, { recursive: true });
const site = await startSite({ seed: true });
try {
  for (const width of [390, 1280]) {
    const { page, context } = await site.newPage({ width, height: width === 390 ? 844 : 900 });
    for (const route of routes) {
      if (route.startsWith('/admin') && !(await context.cookies()).some((c) => c.name === 'sid')) {
        await page.goto('/login');
        await page.getByLabel('Username').fill(E2E_ADMIN.username);
        await page.getByLabel('Password').fill(E2E_ADMIN.password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL('**/admin');
      }
      if (route.startsWith('/member')) {
        const { password, numbers } = demoMembers(site);
        await page.goto('/login?tab=member');
        await page.getByLabel('Membership Number').fill(numbers[0]!);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL('**/member');
      }
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: true });
      console.log(path.join(out, name));
    }
    await context.close();
  }
} finally {
  await site.close();
}
