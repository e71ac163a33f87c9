// Which pages search engines see: shared by the server (sitemap, noindex) and the web app's route guard test (decision 0067).

/** Paths behind a sign-in: the app shell (with the page rendered for its own signed-in visitor where the route says so), noindex, never in the sitemap. */
export const SIGNED_IN_AREA = /^\/(admin|member)(\/|$|\?)/;

/** The pages /sitemap.xml lists, besides one entry per news item. */
export const SITEMAP_PAGES = ['/', '/events', '/resources', '/news', '/community', '/commander-message', '/QRG', '/funeral-honors'] as const;

/**
 * Public routes left out of the sitemap on purpose, by their path in the route tree, with why.
 * A public route in neither list fails `apps/web/src/route-registries.test.ts`.
 */
export const NOT_IN_SITEMAP: Record<string, string> = {
  '/news/$id': 'listed one by one, from the news items',
  '/login': 'a sign-in form',
  '/newsletter/confirm': 'reached only from a mailed link',
  '/newsletter/unsubscribe': 'reached only from a mailed link',
  '/volunteer/cancel': 'reached only from a mailed link',
  '/volunteer/manage': 'reached only from a mailed link',
  '/honors/answer': 'reached only from a mailed link (a call-out)',
  '/check-in/$code': "a volunteer's own code, reached from a mailed link",
  '/honor-roll': 'switchable off in Settings; the footer links it while it is on',
  '/honor-roll/$id': 'reached from the honor roll, which can be switched off',
};
