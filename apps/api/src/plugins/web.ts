import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { DB } from '@post/db';
import type { Env } from '../env.ts';
import { getSettings } from '../features/site-settings/site-settings.service.ts';

/** Serves the built web app: hashed assets cached for a year, every other page the SPA shell. */
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
  const shell = hasWeb ? readFileSync(indexFile, 'utf8') : undefined;

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0]!;
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/trpc');
    if (!isApi && (req.method === 'GET' || req.method === 'HEAD') && shell) {
      const settings = await getSettings(opts.db);
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(renderShell(shell, { settings }));
    }
    return reply.code(404).send({ message: 'Not found.' });
  });
});

/** The SPA shell with the data every page needs from its first paint (a JSON block, not a script). */
export function renderShell(shell: string, data: { settings: { postName: string } }): string {
  // JSON inside HTML: '<' is escaped so no value can close the element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return shell
    .replace('<title>Veterans Post</title>', `<title>${escapeHtml(data.settings.postName)}</title>`)
    .replace('</head>', `<script type="application/json" id="app-data">${json}</script></head>`);
}
