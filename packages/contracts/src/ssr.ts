/**
 * The contract between the API server and the web app's server-rendering build
 * (apps/web/src/entry-server.tsx, loaded by apps/api/src/plugins/web.ts).
 */

/** What the server needs to answer a page request. */
export interface RenderResult {
  /** The app's markup for `<div id="app">`. */
  html: string;
  /** The page's head tags (title, description, canonical, OpenGraph) from the routes' head(). */
  head: string;
  /** The query cache the page was rendered from, for the browser to hydrate. */
  dehydrated: unknown;
  /** The code the page needs to come alive beyond the entry's (Vite manifest keys): the matched routes' chunks and the footer. */
  modules: string[];
  status: number;
  /** A request header the page depends on (the Vary header), when it does. */
  vary?: string;
}

/** A signed-in page for its visitor: its data, and its markup when its route is rendered on the server (decision 0108). */
export interface SignedInPage {
  dehydrated: unknown;
  rendered?: Pick<RenderResult, 'html' | 'head'>;
}

/**
 * The server-rendering module's one function: `link` is the in-process tRPC link,
 * `sanitizeCommanderHtml` the API's sanitizer of commander-message HTML (decisions §3).
 */
export interface SsrModule {
  render(opts: { url: string; link: unknown; origin: string; sanitizeCommanderHtml: (html: string) => string; acceptLanguage?: string }): Promise<RenderResult>;
  /** Whether a path (no query) is one of the app's pages; unknown signed-in paths then answer 404. */
  isKnownPath?(pathname: string): boolean;
  /** A signed-in page's data, read with the visitor's session, for its shell to bring (decision 0103). */
  load?(opts: { url: string; link: unknown; origin: string }): Promise<SignedInPage>;
  /** A signed-in page's code beyond the entry's (Vite manifest keys), for its modulepreload links. */
  modulesFor?(pathname: string): string[];
}
