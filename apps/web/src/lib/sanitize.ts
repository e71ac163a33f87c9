import { linesToBreaks } from '@post/contracts/rules/line-breaks';
import { COMMANDER_MESSAGE_TAGS } from '@post/contracts/commander-constants';

const ALLOWED = new Set<string>(COMMANDER_MESSAGE_TAGS);
// Elements whose text is not content: dropped with everything inside them.
const DROP = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title', 'textarea', 'select']);

/**
 * The commander message as safe HTML (decisions §3): only strong, em, u, p and br survive, with no
 * attributes; other elements are unwrapped (their text stays), scripts and the like are dropped.
 * Newlines in the text become line breaks (spec §2), except the ones that only separate paragraphs.
 * The server already sanitized it; this is the second line of defence. Browser only (DOMParser).
 */
export function sanitizeCommanderHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html.trim()}`, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  copyChildren(doc.body, root, out);
  return root.innerHTML;
}

function copyChildren(from: Node, to: Node, out: Document): void {
  for (const node of Array.from(from.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      copyText(node as Text, to, out);
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      const tag = (node as Element).localName;
      if (DROP.has(tag)) continue;
      if (ALLOWED.has(tag)) {
        const el = out.createElement(tag);
        if (tag !== 'br') copyChildren(node, el, out);
        to.appendChild(el);
      } else {
        copyChildren(node, to, out);
      }
    }
    // Comments, processing instructions and the like are dropped.
  }
}

function copyText(node: Text, to: Node, out: Document): void {
  const text = node.data;
  // Whitespace around paragraphs, or at the start or end, is layout, not a line break.
  if (text.trim() === '' && (isBlock(node.previousSibling) || isBlock(node.nextSibling) || !node.previousSibling || !node.nextSibling)) return;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((line, i) => {
    if (i > 0) to.appendChild(out.createElement('br'));
    if (line) to.appendChild(out.createTextNode(line));
  });
}

function isBlock(node: Node | null): boolean {
  return node?.nodeType === Node.ELEMENT_NODE && (node as Element).localName === 'p';
}

// Server rendering has no DOMParser: it formats with the API's own sanitizer (sanitize-html,
// the one that runs on save and on every read), handed in by entry-server.tsx.
let serverSanitizer: ((html: string) => string) | undefined;

/** Called by server rendering with the API's commander-message sanitizer. */
export function setServerSanitizer(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

/**
 * The message as safe HTML with its line breaks, on either side: the browser's sanitizer in the
 * browser, the server's followed by `linesToBreaks` in server rendering. While hydrating, React
 * keeps the server's markup, so the first paint is already formatted.
 */
export function commanderMessageHtml(content: string): string {
  if (typeof DOMParser !== 'undefined') return sanitizeCommanderHtml(content);
  if (!serverSanitizer) throw new Error('Server rendering needs the commander-message sanitizer (setServerSanitizer).');
  return linesToBreaks(serverSanitizer(content.trim()));
}

export { linesToBreaks };
