import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { modulesFor } from './entry-server.tsx';
import { pageRoutes, type PageRoute } from './route-tree-files.ts';

// The JavaScript a public route loads before it is interactive: the page's script
// (src/main.tsx) with its static imports, plus what the server modulepreloads for the page
// (its routes' chunks, `modulesFor`) with their static imports.
// Other dynamic imports (calendar, QR encoder, dialogs, forms) come later.
const dist = path.join(import.meta.dirname, '../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

/** The budget in KB of gzip for each public route (issue 16, with React 19 and react-dom; decisions 0096, 0103). */
export const BUDGET_KB = Number(process.env.BUNDLE_BUDGET_KB ?? 172);

// Every public page of the route tree, so a new one is measured without being listed (decision 0067).
const PUBLIC_ROUTES = pageRoutes().filter((r) => r.public);

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

const built = existsSync(manifestFile);

// Without a build there is nothing to measure: a skipped test says why (a skipped describe's body still runs, so it reads nothing then).
const NEEDS_BUILD = 'bundle budget: needs the build first (npx -y pnpm@10 run build): apps/web/dist has no .vite/manifest.json';
if (!built) {
  console.warn(`skipped: ${NEEDS_BUILD}`);
  it.skip(NEEDS_BUILD);
}

describe.runIf(built)('bundle budget (run after the build)', () => {
  const manifest = (built ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {}) as Record<string, Chunk>;
  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
    return gz.get(file)!;
  };
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const i of chunk.imports ?? []) closure(i, into);
  };
  /** The page's script (the app's start) and its static imports. */
  const start = (into: Set<string>) => closure('index.html', into);
  const routeFiles = (route: PageRoute) => {
    const files = new Set<string>();
    start(files);
    for (const key of modulesFor(route.path)) closure(key, files);
    for (const key of Object.keys(manifest)) if (key.startsWith(`${route.file}?`)) closure(key, files);
    return files;
  };

  it('runs React DOM itself, not a compat layer', () => {
    const entry = new Set<string>();
    start(entry);
    const code = [...entry]
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(dist, f), 'utf8'))
      .join('\n');
    // React DOM's own internals object and its error decoder link; Preact's compat layer has neither.
    expect({
      reactDomInternals: code.includes('__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'),
      reactErrors: code.includes('https://react.dev/errors/'),
      hydrateRoot: code.includes('hydrateRoot'),
      preact: /preact/i.test(code),
    }).toEqual({ reactDomInternals: true, reactErrors: true, hydrateRoot: true, preact: false });
  });

  it("finds each public route's chunk where the server looks for it to preload", () => {
    expect(PUBLIC_ROUTES.length).toBeGreaterThan(8);
    const missing = PUBLIC_ROUTES.flatMap((r) => modulesFor(r.path)).filter((key) => !manifest[key]);
    expect(missing, 'manifest keys page-modules.ts names that the build does not have').toEqual([]);
  });

  it('keeps every public route within the budget', () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const route of PUBLIC_ROUTES) {
      const total = [...routeFiles(route)].filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);
      rows.push(`${route.path.padEnd(24)} ${(total / 1024).toFixed(1)} KB gzip`);
      if (total > BUDGET_KB * 1024) over.push(route.path);
    }
    console.log(`JavaScript before interactive (budget ${BUDGET_KB} KB gzip):\n${rows.join('\n')}`);
    expect(over).toEqual([]);
  });

  it('loads the calendar, the QR encoder, the admin area and the member portal only where used', () => {
    const chunkNamed = (re: RegExp) =>
      Object.values(manifest)
        .filter((c) => re.test(c.file))
        .map((c) => c.file);
    const heavy = [...chunkNamed(/fullcalendar|events-calendar/i), ...chunkNamed(/qrcode|qr-draw/i)];
    expect(heavy.length).toBeGreaterThan(0);
    for (const route of PUBLIC_ROUTES) {
      const files = routeFiles(route);
      for (const f of heavy) expect(files.has(f), `${f} is loaded up front on ${route.path}`).toBe(false);
      for (const key of Object.keys(manifest)) {
        if (/^src\/routes\/(admin|member)/.test(key)) expect(files.has(manifest[key]!.file), `${key} is loaded up front on ${route.path}`).toBe(false);
      }
    }
  });
});
