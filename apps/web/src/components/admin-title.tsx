import { useSiteSettings } from '../lib/use-site-settings.ts';

/** The document title of an admin page: "{page} | {post name}". */
export function AdminTitle({ text }: { text: string }) {
  const postName = useSiteSettings().data.postName;
  return (
    <>
      <title>{`${text} | ${postName}`}</title>
    </>
  );
}
