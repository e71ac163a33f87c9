import { Children, isValidElement, useEffect, type ReactNode } from 'react';

type Tag = { kind: 'title'; text: string } | { kind: 'meta' | 'link'; key: [string, string]; attrs: Record<string, string> };

// The attribute that identifies a tag in <head>: one description, one og:title, one canonical link.
const KEY_ATTRS = { meta: ['name', 'property'], link: ['rel'] } as const;

function tagsOf(children: ReactNode): Tag[] {
  const tags: Tag[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<Record<string, unknown>>(child) || typeof child.type !== 'string') return;
    const props = child.props;
    if (child.type === 'title') {
      tags.push({ kind: 'title', text: Children.toArray(props.children as ReactNode).join('') });
    } else if (child.type === 'meta' || child.type === 'link') {
      const attrs = Object.fromEntries(Object.entries(props).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      const name = KEY_ATTRS[child.type].find((a) => attrs[a] !== undefined);
      if (name) tags.push({ kind: child.type, key: [name, attrs[name]!], attrs });
    }
  });
  return tags;
}

/**
 * The document's <title>, <meta> and <link> tags for the page that renders it. On the server
 * the tags are rendered in place and moved into <head> (entry-server); in the browser nothing
 * is rendered (so hydration matches the server's markup) and the tags are written into
 * <head> instead, replacing the previous page's, and removed when the page goes.
 */
export function Head({ children }: { children: ReactNode }) {
  const tags = tagsOf(children);
  const signature = JSON.stringify(tags);
  useEffect(() => {
    const placed: Element[] = [];
    for (const tag of tags) {
      if (tag.kind === 'title') {
        document.title = tag.text;
        continue;
      }
      const selector = `${tag.kind}[${tag.key[0]}="${CSS.escape(tag.key[1])}"]`;
      let el = document.head.querySelector(selector);
      if (!el) {
        el = document.createElement(tag.kind);
        document.head.append(el);
      }
      for (const [name, value] of Object.entries(tag.attrs)) el.setAttribute(name, value);
      placed.push(el);
    }
    return () => placed.forEach((el) => el.remove());
    // The tags' content, not the children's identity, decides when to write them again.
  }, [signature]);
  return typeof document === 'undefined' ? <>{children}</> : null;
}
