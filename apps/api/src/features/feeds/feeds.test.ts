import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-helpers.ts';

const t = useTestApp({ env: { PUBLIC_URL: 'https://post.example.org' } });
beforeAll(async () => {
  await t.db
    .insertInto('news')
    .values([
      { title: 'Fish fry <Friday> & more', content: 'Join us for the fish fry.', publishDate: '2026-11-01T12:00:00Z' },
      { title: 'Veterans Day', content: 'Ceremony at 11.', publishDate: '2026-11-10T12:00:00Z' },
    ])
    .execute();
});

describe('feeds for search engines and readers', () => {
  it('robots.txt keeps crawlers out of the signed-in areas and points at the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /member');
    expect(res.body).toContain('Sitemap: https://post.example.org/sitemap.xml');
  });

  it('sitemap.xml lists the public pages and every news item with absolute URLs', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    for (const p of ['/', '/events', '/resources', '/news']) expect(res.body).toContain(`<loc>https://post.example.org${p}</loc>`);
    expect(res.body.match(/\/news\/\d+</g)).toHaveLength(2);
    expect(res.body).not.toContain('/admin');
  });

  it('rss.xml carries the news newest first, escaped', async () => {
    const res = await t.app.inject('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const titles = [...res.body.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1]);
    expect(titles).toEqual(['Veterans Day', 'Fish fry &lt;Friday&gt; &amp; more']);
    expect(res.body).toContain('<link>https://post.example.org/news/');
  });
});
