import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_AREA } from '@post/contracts/site-pages';

// The guard tests' one reading of the route tree TanStack Router generates, so lists of routes are checked against it (decision 0067).

/** A page of the app, as routeTree.gen.ts declares it. */
export interface PageRoute {
  /** The address people use ('/news/$id'). */
  path: string;
  /** The router's id of the page's route ('/news/', '/admin_/login'). */
  id: string;
  /** The route file, relative to apps/web ('src/routes/news/index.tsx'). */
  file: string;
  /** The ids of the routes matched for this page, outermost first (layouts, then the page), root left out. */
  matched: string[];
  /** Outside the signed-in areas: rendered on the server and open to search engines unless excluded. */
  public: boolean;
}

const TREE = path.join(import.meta.dirname, 'routeTree.gen.ts');

/** Every page (the route tree's `FileRoutesByTo`), with its file and its parent routes. */
export function pageRoutes(source = readFileSync(TREE, 'utf8')): PageRoute[] {
  const files = new Map<string, string>();
  for (const [, name, file] of source.matchAll(/import \{ Route as (\w+)Import \} from '\.\/(routes\/[^']+)'/g)) files.set(name!, `src/${file}.tsx`);
  const routes = new Map<string, { id: string; parent: string; file: string }>();
  for (const [, name, imported, id, parent] of source.matchAll(/const (\w+) =\s*(\w+)Import\.update\(\{\s*id: '([^']+)',[^}]*?getParentRoute: \(\) => (\w+),/g))
    routes.set(name!, { id: id!, parent: parent!, file: files.get(imported!)! });
  const byTo = /export interface FileRoutesByTo \{([^}]*)\}/.exec(source)?.[1];
  if (!byTo || !routes.size) throw new Error(`${TREE} is not in the shape route-tree-files.ts reads; update its patterns`);
  return [...byTo.matchAll(/'([^']+)': typeof (\w+)/g)].map(([, to, name]) => {
    const route = routes.get(name!);
    if (!route) throw new Error(`route ${to} (${name}) has no update() in ${TREE}`);
    // A child's id in the tree is relative to its parent's; the router's full id joins them.
    const chain: string[] = [];
    for (let r: typeof route | undefined = route; r; r = routes.get(r.parent)) chain.unshift(r.id);
    const matched = chain.map((_, i) => chain.slice(0, i + 1).join(''));
    return { path: to!, id: matched.at(-1)!, file: route.file, matched, public: !SIGNED_IN_AREA.test(to!) };
  });
}
