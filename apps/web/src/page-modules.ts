// Shared by entry-server.tsx (what the server modulepreloads) and bundle-budget.test.ts (what it counts), so the two agree (decision 0067).

/** The Vite manifest key of a route's component chunk (autoCodeSplitting), from its route id. */
export const routeChunk = (routeId: string): string => `src/routes${routeId.endsWith('/') ? `${routeId}index` : routeId}.tsx?tsr-split=component`;

/** The code a rendered page needs beyond the entry's: each matched route's component chunk. */
export const pageModules = (routeIds: readonly string[]): string[] => routeIds.filter((id) => id !== '__root__').map(routeChunk);
