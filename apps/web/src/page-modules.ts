// What the server modulepreloads for a page: entry-server.tsx names it, bundle-budget.test.ts counts it (decision 0067).

/** Each route module, read by Vite from the routes folder: the route objects the router matches, with their files. */
const ROUTE_MODULES = import.meta.glob<{ Route?: object }>(['./routes/**/*.tsx', '!./routes/__root.tsx'], { eager: true });
const FILES = new Map(Object.entries(ROUTE_MODULES).flatMap(([file, mod]) => (mod.Route ? [[mod.Route, `src${file.slice(1)}`] as const] : [])));

/**
 * The code a page needs beyond the entry's: each matched route's component chunk and, in the
 * admin area, its loader's (decision 0103), as Vite manifest keys, by the file the route comes
 * from (a layout's `route.tsx`, a flat `$id_.check-in.tsx`: decision 0101). A route without a
 * loader has no loader chunk, and the server's preload skips a key the manifest lacks. The root
 * route is in the entry.
 */
export const pageModules = (routes: readonly object[]): string[] =>
  routes.flatMap((route) => {
    const file = FILES.get(route);
    if (!file) return [];
    // The admin area's routes are the ones whose loaders vite.config.ts splits off (splitBehavior).
    return file.startsWith('src/routes/admin') ? [`${file}?tsr-split=component`, `${file}?tsr-split=loader`] : [`${file}?tsr-split=component`];
  });
