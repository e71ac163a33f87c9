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
}: {
  title: string;
  /** The whole document title, when it is not "{title} | {post name}". */
  documentTitle?: string;
  description?: string;
  path?: string;
  noindex?: boolean;
  type?: string;
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
    </Head>
  );
}
