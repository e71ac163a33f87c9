// What the server modulepreloads for a page: entry-server.tsx names it, bundle-budget.test.ts counts it (decision 0067).

/** The Vite manifest key of a route file's component chunk (autoCodeSplitting). */
export const routeChunk = (file: string): string => `${file}?tsr-split=component`;

/** Each route module's file ('src/routes/admin/route.tsx'), read by Vite from the routes folder: the route objects the router matches. */
const ROUTE_MODULES = import.meta.glob<{ Route?: { id: string } }>('./routes/**/*.tsx', { eager: true });
let filesById: Map<string, string> | undefined;

/**
 * The code a page needs beyond the entry's: each matched route's component chunk, by the file
 * the route comes from (a layout's `route.tsx`, a flat `$id_.check-in.tsx`: decision 0101).
 */
export const pageModules = (routeIds: readonly string[]): string[] => {
  filesById ??= new Map(Object.entries(ROUTE_MODULES).flatMap(([file, mod]) => (mod.Route ? [[mod.Route.id, `src${file.slice(1)}`] as const] : [])));
  return routeIds.flatMap((id) => {
    const file = filesById!.get(id);
    return id === '__root__' || !file ? [] : [routeChunk(file)];
  });
};
