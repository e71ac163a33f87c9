import { describe, expect, it } from 'vitest';
import { NOT_IN_SITEMAP, SITEMAP_PAGES } from '@post/contracts/site-pages';
import { pageRoutes } from './route-tree-files.ts';

// Lists of pages kept elsewhere, checked against the route tree so a new page cannot be forgotten (decision 0067).
const routes = pageRoutes();
const LISTS = 'packages/contracts/src/site-pages.ts';

describe('the route tree as the guards read it', () => {
  it('finds every page with its file and its layouts', () => {
    const byPath = new Map(routes.map((r) => [r.path, r]));
    expect(byPath.get('/news')).toMatchObject({ id: '/news/', file: 'src/routes/news/index.tsx', matched: ['/news/'], public: true });
    expect(byPath.get('/admin/events/$id')).toMatchObject({ file: 'src/routes/admin/events/$id.tsx', matched: ['/admin', '/admin/events/$id'], public: false });
    expect(byPath.get('/admin/login')).toMatchObject({ id: '/admin_/login', public: false });
    expect(byPath.get('/member')?.public).toBe(false);
  });
});

describe('the sitemap against the route tree', () => {
  it('lists every public page, or names it in NOT_IN_SITEMAP with why', () => {
    const listed = new Set<string>([...SITEMAP_PAGES, ...Object.keys(NOT_IN_SITEMAP)]);
    const forgotten = routes
      .filter((r) => r.public && !listed.has(r.path))
      .map((r) => `${r.path} (${r.file}): add it to SITEMAP_PAGES, or to NOT_IN_SITEMAP with the reason, in ${LISTS}`);
    expect(forgotten).toEqual([]);
  });

  it('names only public pages that exist', () => {
    const publicPaths = new Set(routes.filter((r) => r.public).map((r) => r.path));
    const stale = [...SITEMAP_PAGES, ...Object.keys(NOT_IN_SITEMAP)]
      .filter((p) => !publicPaths.has(p))
      .map((p) => `${p}: no public route has this path; remove it from ${LISTS}`);
    expect(stale).toEqual([]);
  });
});
