// A news body is the text the editor typed, stored as typed. On the page, the few tags the editor's
// toolbar inserts (bold, italic, underline, a link) are formatting and every other character is
// text: parsed here into a tree the page renders as React elements, so nothing is ever inserted as
// HTML (issue 46, decision 0061).

/** A piece of a news paragraph: text, or a formatting element around more pieces. */
export type NewsNode = string | { tag: 'strong' | 'em' | 'u'; children: NewsNode[] } | { tag: 'a'; href: string; children: NewsNode[] };

type Open = { tag: 'strong' | 'em' | 'u' | 'a'; href?: string; children: NewsNode[] };

const TOKEN = /<(\/?)(strong|em|u)>|<a href="([^"<>]*)">|<\/a>|\bhttps?:\/\/[^\s<>"]+/gi;

/** Links go only to the web or to an e-mail address: javascript:, data: and the like stay text. */
export function safeHref(href: string): string | undefined {
  const h = href.trim().replace(/&amp;/g, '&');
  return /^(https?:\/\/[^\s"<>]+|mailto:[^\s"<>]+|\/(?!\/)[^\s"<>]*)$/i.test(h) ? h : undefined;
}

/** One paragraph's pieces: the toolbar's tags become elements, bare web addresses become links. */
export function parseNewsMarkup(text: string): NewsNode[] {
  const root: Open = { tag: 'strong', children: [] };
  const stack: Open[] = [root];
  const top = () => stack[stack.length - 1]!;
  const addText = (t: string) => {
    if (!t) return;
    const c = top().children;
    if (typeof c[c.length - 1] === 'string') c[c.length - 1] += t;
    else c.push(t);
  };
  const addNode = (n: NewsNode) => (typeof n === 'string' ? addText(n) : top().children.push(n));
  // Ends the open elements from the i-th up; a link whose address was refused leaves only its text.
  const close = (i: number) => {
    while (stack.length - 1 >= i) {
      const el = stack.pop()!;
      if (el.tag !== 'a') addNode({ tag: el.tag, children: el.children });
      else if (el.href) addNode({ tag: 'a', href: el.href, children: el.children });
      else el.children.forEach(addNode);
    }
  };
  const openAt = (tag: Open['tag']) => {
    for (let k = stack.length - 1; k > 0; k--) if (stack[k]!.tag === tag) return k;
    return -1;
  };
  let at = 0;
  for (const m of text.matchAll(TOKEN)) {
    addText(text.slice(at, m.index));
    at = m.index + m[0].length;
    const [token, slash, tag, href] = m;
    if (tag) {
      const name = tag.toLowerCase() as 'strong' | 'em' | 'u';
      if (!slash) stack.push({ tag: name, children: [] });
      else if (openAt(name) > 0) close(openAt(name));
    } else if (href !== undefined) {
      const safe = safeHref(href);
      // Not inside another link; an unsafe address keeps only its text.
      stack.push({ tag: 'a', href: safe && openAt('a') < 0 ? safe : '', children: [] });
    } else if (token.toLowerCase() === '</a>') {
      if (openAt('a') > 0) close(openAt('a'));
    } else if (openAt('a') > 0) {
      addText(token);
    } else {
      // A bare address: without the punctuation that ends its sentence.
      const url = token.replace(/[.,;:!?)\]]+$/, '');
      addNode({ tag: 'a', href: url, children: [url] });
      addText(token.slice(url.length));
    }
  }
  addText(text.slice(at));
  // Tags left open end with the paragraph.
  close(1);
  return root.children;
}

/** The body as plain text (list excerpts, page descriptions, feeds): the toolbar's tags removed. */
export function newsPlainText(text: string): string {
  return text.replace(/<\/?(strong|em|u)>|<a href="[^"<>]*">|<\/a>/gi, '');
}
