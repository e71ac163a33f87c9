import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { unstable_localLink } from '@trpc/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '@post/db';
import type { SignedInPage, SsrModule } from '@post/contracts/ssr';
import { SIGNED_IN_AREA } from '@post/contracts/site-pages';
import type { Env } from '../env.ts';
import { getPublicSettings } from '../features/site-settings/site-settings.service.ts';
import { sanitizeCommanderHtml } from '../features/commander-messages/commander-html.ts';
import { appRouter } from '../router.ts';
import { contextFactory } from '../trpc.ts';
import { escapeMarkup } from '../lib/escape.ts';

/** The path as routes match it: doubled slashes collapsed, lower case (so /Admin and //admin are /admin). */
export const normalPath = (url: string) =>
  url
    .split('?')[0]!
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
const NOINDEX = '<meta name="robots" content="noindex">';

/**
 * Serves the built web app: hashed assets cached for a year; public pages rendered on the
 * server with their data (hydrated in the browser); signed-in pages as the app shell with the
 * visitor's data, rendered too where the page's route says so (decision 0108).
 */
export const webPlugin = fp(async (app, opts: { env: Env; db: DB }) => {
  const root = opts.env.webDist;
  const indexFile = path.join(root, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else res.header('Cache-Control', 'no-cache');
      },
    });
  }
  const shell = hasWeb ? inlineStylesheet(readFileSync(indexFile, 'utf8'), root) : undefined;
  const preload = hasWeb ? preloadLinks(root, shell!) : () => '';
  const ssrFile = path.join(root, '../dist-ssr/entry-server.js');
  const ssr: SsrModule | undefined = hasWeb && existsSync(ssrFile) ? await import(pathToFileURL(ssrFile).href) : undefined;
  const createContext = contextFactory(opts);

  async function page(req: FastifyRequest, reply: FastifyReply) {
    const settings = await getPublicSettings(opts.db);
    const url = req.url;
    // Pages behind a sign-in are never public pages: search engines must not see them, and their
    // shell brings data (and a page marked for it, its markup) only to the visitor whose session read it.
    const signedInArea = SIGNED_IN_AREA.test(normalPath(url));
    const link = () => unstable_localLink({ router: appRouter, createContext: async () => createContext({ req, res: reply }) });
    if (ssr && !signedInArea) {
      try {
        const result = await ssr.render({
          url,
          link: link(),
          origin: opts.env.siteUrl,
          sanitizeCommanderHtml,
          acceptLanguage: req.headers['accept-language'],
        });
        if (result.vary) reply.header('Vary', result.vary);
        return reply
          .code(result.status)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(renderShell(shell!, { settings, dehydrated: result.dehydrated }, { html: result.html, head: result.head + preload(result.modules) }));
      } catch (err) {
        req.log.error({ err }, 'server rendering failed; sending the app shell');
      }
    }
    if (signedInArea) {
      // A signed-in page's shell, kept out of search engines before any script runs; 404 (the app
      // shows its not-found page) when the path is none of the app's pages.
      const known = ssr?.isKnownPath?.(url.split('?')[0]!) !== false;
      const data = known && isNavigation(req) ? await pageData(req, link) : undefined;
      return reply
        .code(known ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('X-Robots-Tag', 'noindex')
        .send(
          renderShell(
            shell!,
            { settings, dehydrated: data?.dehydrated },
            { html: data?.rendered?.html ?? '', head: (data?.rendered?.head ?? titleTag(settings.postName)) + NOINDEX + preload(shellModules(req)) },
          ),
        );
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(renderShell(shell!, { settings }, { html: '', head: titleTag(settings.postName) }));
  }

  // A signed-in visitor's page names its own code, fetched with the entry's; a visitor who is
  // not signed in gets none of it (decision 0101), and in the admin area the sign-in form's (decision 0104).
  const shellModules = (req: FastifyRequest): string[] => {
    const pathname = normalPath(req.url);
    const admin = pathname.startsWith('/admin');
    const page = req.session?.get(admin ? 'userId' : 'memberToken') ? pathname : admin ? '/admin/login' : undefined;
    return page ? (ssr?.modulesFor?.(page) ?? []) : [];
  };

  // The page's data, read with the visitor's session (for a visitor who is not signed in, only the
  // sign-in checks, which show the sign-in page at once), and the page itself where its route is
  // rendered on the server (decision 0108); a failure leaves the browser to ask (decision 0103).
  const pageData = async (req: FastifyRequest, link: () => unknown): Promise<SignedInPage | undefined> => {
    if (!ssr?.load) return undefined;
    try {
      return await ssr.load({ url: req.url, link: link(), origin: opts.env.siteUrl });
    } catch (err) {
      req.log.error({ err }, "reading a signed-in page's data failed; the browser asks for it");
      return undefined;
    }
  };

  const isApi = (req: FastifyRequest) => {
    const url = normalPath(req.url);
    return url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc');
  };
  // Pages are a route (not the not-found handler) so that route-level plugins apply to them:
  // compression above all.
  if (shell) {
    app.get('/*', async (req, reply) => (isApi(req) ? reply.code(404).send({ message: 'Not found.' }) : page(req, reply)));
  }
  app.setNotFoundHandler(async (_req, reply) => reply.code(404).send({ message: 'Not found.' }));
});

/**
 * Whether the browser is opening the page (Sec-Fetch-Mode): data goes only into a page opened as
 * such. The copy the door's service worker keeps for use without signal is fetched, not opened,
 * and stays an empty shell: reloaded offline, it reads the phone's own newer list (decision 0103).
 */
const isNavigation = (req: FastifyRequest) => req.headers['sec-fetch-mode'] === 'navigate';

/** The page: the shell with the rendered app, its head tags and its data (a JSON block, not a script). */
export function renderShell(shell: string, data: { settings: { postName: string }; dehydrated?: unknown }, rendered: { html: string; head: string }): string {
  // JSON inside HTML: '<' is escaped so no value can close the element. The replacements are
  // functions, so "$'", "$`", "$&" or "$$" in the data are kept as typed (not String.replace patterns).
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return shell
    .replace('</head>', () => `${rendered.head}<script type="application/json" id="app-data">${json}</script></head>`)
    .replace('<div id="app"></div>', () => `<div id="app">${rendered.html}</div>`);
}

/** The title of a page the server does not render (the web app's head() sets it in the browser). */
function titleTag(postName: string): string {
  return `<title>${escapeMarkup(postName)}</title>`;
}

/**
 * The `<link rel="modulepreload">` tags for a rendered page's own chunks and their imports (from
 * Vite's manifest), beside the entry's that the shell already names: a phone then fetches the
 * code the page hydrates with in one round trip, not one more per dynamic import (decision 0058).
 */
export function preloadLinks(root: string, shell: string): (modules: string[]) => string {
  const file = path.join(root, '.vite/manifest.json');
  const manifest: Record<string, { file: string; imports?: string[] }> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return (modules) => {
    const files = new Set<string>();
    const add = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const i of chunk.imports ?? []) add(i);
    };
    for (const m of modules) add(m);
    return [...files]
      .filter((f) => f.endsWith('.js') && !shell.includes(`"/${f}"`))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
      .join('');
  };
}

/**
 * Puts the app's one stylesheet into the page: the first paint then needs only the HTML, not
 * a second request competing with the scripts on a slow phone connection (the CSP allows
 * inline styles, never inline scripts). Its <link> stays, disabled (a disabled stylesheet is
 * neither fetched nor applied): Vite's loader for code-split chunks lists the stylesheet among
 * their dependencies and loads what no <link> in the page names, so without it the calendar,
 * the dialogs and the toaster each fetched and applied the whole stylesheet again.
 */
export function inlineStylesheet(shell: string, root: string): string {
  return shell.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (tag, file: string) => {
    const full = path.join(root, file);
    if (!existsSync(full)) return tag;
    // '</style' inside the CSS could end the element early; the escape keeps it inert.
    const css = readFileSync(full, 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
}
