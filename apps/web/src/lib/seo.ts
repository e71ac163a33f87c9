import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-defaults';
import { useRouter } from '@tanstack/react-router';
import type { RouterContext } from '../router.tsx';

/**
 * A route's `head()`: title, description, canonical URL and OpenGraph tags, rendered by the
 * router's <HeadContent> (on the server into <head>, in the browser kept current as pages
 * change). React escapes every value, so a title like `Temps > 90 & "rising"` shows as typed.
 * `noindex` for pages that must stay out of search engines.
 */
export function seo(
  context: Pick<RouterContext, 'trpcUtils' | 'origin'>,
  {
    title,
    documentTitle,
    description,
    path,
    noindex,
    type = 'website',
    image,
  }: {
    title: string;
    /** The whole document title, when it is not "{title} | {post name}". */
    documentTitle?: string;
    description?: string;
    path?: string;
    noindex?: boolean;
    type?: string;
    /** A picture's path (og:image), made absolute with the origin. */
    image?: { path: string; width: number; height: number; alt: string };
  },
) {
  const settings = context.trpcUtils.siteSettings.get.getData() ?? DEFAULT_SITE_SETTINGS;
  const site = settings.postName;
  // A page without a picture of its own is shared with the post's logo (issue 22).
  if (!image && settings.logo) {
    image = { path: settings.logo.urls.jpeg.at(-1)!.url, width: settings.logo.width, height: settings.logo.height, alt: settings.logoAlt ?? '' };
  }
  const fullTitle = documentTitle ?? (title === site ? title : `${title} | ${site}`);
  const url = path !== undefined && context.origin ? `${context.origin}${path}` : undefined;
  return {
    meta: [
      { title: fullTitle },
      description && { name: 'description', content: description },
      noindex && { name: 'robots', content: 'noindex' },
      { property: 'og:site_name', content: site },
      { property: 'og:title', content: fullTitle },
      description && { property: 'og:description', content: description },
      { property: 'og:type', content: type },
      url && { property: 'og:url', content: url },
      ...(image && context.origin
        ? [
            { property: 'og:image', content: `${context.origin}${image.path}` },
            { property: 'og:image:width', content: String(image.width) },
            { property: 'og:image:height', content: String(image.height) },
            { property: 'og:image:alt', content: image.alt },
          ]
        : []),
    ].filter((tag) => typeof tag === 'object'),
    links: url && !noindex ? [{ rel: 'canonical', href: url }] : [],
  };
}

/** The post's settings as the root loader left them in the cache (for routes' head()). */
export function settingsOf(context: Pick<RouterContext, 'trpcUtils'>) {
  return context.trpcUtils.siteSettings.get.getData() ?? DEFAULT_SITE_SETTINGS;
}

/** The site's absolute origin, the one helper for absolute URLs in the app (the router's context: PUBLIC_URL on the server, the page's origin in the browser). */
export function useSiteOrigin(): string {
  return useRouter().options.context.origin;
}
