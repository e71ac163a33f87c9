import { createContext, useContext } from 'react';
import { useSiteSettings } from '../features/site-settings/use-site-settings.ts';
import { Head } from './head.tsx';

/** The site's absolute origin (PUBLIC_URL on the server, location.origin in the browser). */
export const OriginContext = createContext('');

/**
 * A page's title, description, canonical URL and OpenGraph tags (see Head for how they
 * reach <head> on the server and in the browser). `noindex` for pages that
 * must stay out of search engines.
 */
export function Seo({
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
}) {
  const origin = useContext(OriginContext);
  const site = useSiteSettings().data.postName;
  const fullTitle = documentTitle ?? (title === site ? title : `${title} | ${site}`);
  const url = path !== undefined && origin ? `${origin}${path}` : undefined;
  return (
    <Head>
      <title>{fullTitle}</title>
      {description ? <meta name="description" content={description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {url && !noindex ? <link rel="canonical" href={url} /> : null}
      <meta property="og:site_name" content={site} />
      <meta property="og:title" content={fullTitle} />
      {description ? <meta property="og:description" content={description} /> : null}
      <meta property="og:type" content={type} />
      {url ? <meta property="og:url" content={url} /> : null}
      {image && origin ? <meta property="og:image" content={`${origin}${image.path}`} /> : null}
      {image && origin ? <meta property="og:image:width" content={String(image.width)} /> : null}
      {image && origin ? <meta property="og:image:height" content={String(image.height)} /> : null}
      {image && origin ? <meta property="og:image:alt" content={image.alt} /> : null}
    </Head>
  );
}
