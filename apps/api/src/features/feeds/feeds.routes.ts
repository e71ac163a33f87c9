import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { listNews } from '../news/news.service.ts';
import { escapeMarkup } from '../../lib/escape.ts';
import { enclosureSizes } from '../images/images.service.ts';
import { largestJpegPath } from '@post/contracts/images';
import { SITEMAP_PAGES } from '@post/contracts/site-pages';
import { newsPlainText } from '@post/contracts/rules/news-markup';

// Escapes text for XML, dropping the characters XML 1.0 does not allow (C0 controls but tab, LF and CR; U+FFFE, U+FFFF), which would make the whole feed unreadable.
const xml = (s: string) => escapeMarkup(s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

/** /robots.txt, /sitemap.xml and the news RSS feed /rss.xml, for search engines and readers. */
export async function feedsRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get('/robots.txt', async (req, reply) => {
    const origin = deps.env.siteUrl;
    return reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /admin',
          'Disallow: /member',
          'Disallow: /api/',
          'Disallow: /trpc/',
          `Sitemap: ${origin}/sitemap.xml`,
          '',
        ].join('\n'),
      );
  });

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = deps.env.siteUrl;
    const news = await listNews(deps.db);
    const urls = [
      ...SITEMAP_PAGES.map((p) => `<url><loc>${xml(origin + p)}</loc></url>`),
      ...news.map((n) => `<url><loc>${xml(`${origin}/news/${n.id}`)}</loc><lastmod>${n.publishDate.slice(0, 10)}</lastmod></url>`),
    ];
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=600')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`);
  });

  app.get('/rss.xml', async (req, reply) => {
    const origin = deps.env.siteUrl;
    const [settings, news] = await Promise.all([getSettings(deps.db), listNews(deps.db)]);
    const latest = news.slice(0, 20);
    const sizes = await enclosureSizes(
      deps.db,
      latest.map((n) => n.imageId).filter((id): id is number => id !== null),
    );
    const items = latest.map((n) => {
      // The picture as an enclosure: the widest JPEG (every reader shows JPEG), with its byte length.
      const size = n.image ? sizes.get(n.image.id) : undefined;
      const enclosure = n.image && size ? `<enclosure url="${xml(`${origin}${largestJpegPath(n.image)}`)}" length="${size}" type="image/jpeg"/>` : '';
      const link = `${origin}/news/${n.id}`;
      // Plain text: the editor's formatting tags are for the page.
      const text = newsPlainText(n.content);
      const summary = text.length > 600 ? `${text.slice(0, 597)}...` : text;
      return `<item><title>${xml(n.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><pubDate>${new Date(n.publishDate).toUTCString()}</pubDate><description>${xml(summary)}</description>${enclosure}</item>`;
    });
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xml(`${settings.postName} news`)}</title><link>${xml(`${origin}/news`)}</link><atom:link href="${xml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/><description>${xml(`News of ${settings.postName}, ${settings.town}`)}</description><language>en-us</language>${items.join('')}</channel></rss>\n`;
    return reply.type('application/rss+xml; charset=utf-8').header('Cache-Control', 'public, max-age=600').send(body);
  });
}
