import type { JSONContent } from '@tiptap/core';
import { parseNewsMarkup, type NewsNode } from '@post/contracts/rules/news-markup';
import { paragraphs } from '../../lib/news-text.ts';

// The news editor edits a document and saves the news body's own markup (decision 0087): text,
// blank lines between paragraphs, line breaks, and only <strong>, <em>, <u> and <a href>. Both
// ways go through parseNewsMarkup, the parser every page renders the body with.

type Mark = { type: 'bold' | 'italic' | 'underline' } | { type: 'link'; attrs: { href: string } };
const MARK_OF = { strong: 'bold', em: 'italic', u: 'underline' } as const;

function inline(nodes: NewsNode[], marks: Mark[], out: JSONContent[]) {
  for (const n of nodes) {
    if (typeof n === 'string') {
      n.split('\n').forEach((line, i) => {
        if (i > 0) out.push({ type: 'hardBreak' });
        if (line) out.push(marks.length ? { type: 'text', text: line, marks: [...marks] } : { type: 'text', text: line });
      });
    } else if (n.tag === 'a') inline(n.children, [...marks, { type: 'link', attrs: { href: n.href } }], out);
    else inline(n.children, [...marks, { type: MARK_OF[n.tag] }], out);
  }
}

/** A stored news body as the editor's document. */
export function newsToDoc(content: string): JSONContent {
  const blocks = paragraphs(content).map((p) => {
    const children: JSONContent[] = [];
    inline(parseNewsMarkup(p), [], children);
    return children.length ? { type: 'paragraph', content: children } : { type: 'paragraph' };
  });
  return { type: 'doc', content: blocks.length ? blocks : [{ type: 'paragraph' }] };
}

const TAG_OF: Record<string, string> = { bold: 'strong', italic: 'em', underline: 'u' };

/** One run of text with its bold, italic and underline tags. */
function markup(node: JSONContent): string {
  if (node.type === 'hardBreak') return '\n';
  let text = node.text ?? '';
  const marks = node.marks ?? [];
  for (const type of ['underline', 'italic', 'bold']) if (marks.some((m) => m.type === type)) text = `<${TAG_OF[type]}>${text}</${TAG_OF[type]}>`;
  return text;
}

const hrefOf = (node: JSONContent): string | undefined => {
  const href = node.marks?.find((m) => m.type === 'link')?.attrs?.href;
  return typeof href === 'string' ? href : undefined;
};

/** A paragraph's runs: side-by-side runs of one link are one link around them. */
function paragraphMarkup(nodes: JSONContent[]): string {
  let out = '';
  for (let i = 0; i < nodes.length;) {
    const href = hrefOf(nodes[i]!);
    let j = i + 1;
    while (href !== undefined && j < nodes.length && hrefOf(nodes[j]!) === href) j++;
    const group = nodes.slice(i, j);
    // Runs with the same tags side by side are one run.
    const inner = group
      .map(markup)
      .join('')
      .replace(/<\/(strong|em|u)><\1>/g, '');
    // A web address shown as itself is stored bare: the page links it as it did.
    const bare = href !== undefined && inner === href && /^https?:\/\//i.test(href);
    out += href !== undefined && !bare ? `<a href="${href}">${inner}</a>` : inner;
    i = j;
  }
  return out.replace(/<\/(strong|em|u)><\1>/g, '');
}

/** The editor's document as a news body; empty paragraphs are left out, as the page leaves them out. */
export function docToNews(doc: JSONContent): string {
  return (doc.content ?? [])
    .map((block) => paragraphMarkup(block.content ?? []).trim())
    .filter(Boolean)
    .join('\n\n');
}
