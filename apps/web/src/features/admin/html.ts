import { COMMANDER_MESSAGE_TAGS, COMMANDER_PREVIEW_CHARS } from '@post/contracts/commander-messages';

const ALLOWED = new Set<string>(COMMANDER_MESSAGE_TAGS);
// Whose content must never show as text either.
const DROP = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title']);

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
}

function copyClean(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const tag = (child as Element).localName;
      if (DROP.has(tag)) continue;
      if (ALLOWED.has(tag)) {
        // A fresh element: no attributes (no on* handlers, no style, no links) survive.
        const el = doc.createElement(tag);
        copyClean(child, el, doc);
        to.appendChild(el);
      } else {
        // Any other element is unwrapped: its text stays, the element goes.
        copyClean(child, to, doc);
      }
    }
    // Comments and processing instructions are dropped.
  }
}

/**
 * Keeps only strong, em, u, p and br, with no attributes (decisions §3). DOMParser builds an inert
 * document, so nothing in the input runs while it is cleaned.
 */
export function sanitizeHtml(html: string): string {
  // No DOM (a server render): show nothing rather than risk unsanitized markup.
  if (typeof DOMParser === 'undefined') return '';
  const src = parse(html);
  const out = document.implementation.createHTMLDocument('');
  const box = out.createElement('div');
  copyClean(src.body, box, out);
  return box.innerHTML;
}

/** The message as it is shown: newlines become line breaks, then the allow-list applies. */
export function messageHtml(content: string): string {
  return sanitizeHtml(content.replace(/\r\n?/g, '\n').replace(/\n/g, '<br>'));
}

/** Plain text of an HTML fragment (tags removed, entities decoded, spaces collapsed). */
export function stripTags(html: string): string {
  const spaced = html.replace(/<br\s*\/?>|<\/p>/gi, ' ');
  const text = typeof DOMParser === 'undefined' ? spaced.replace(/<[^>]*>/g, '') : (parse(spaced).body.textContent ?? '');
  return text.replace(/\s+/g, ' ').trim();
}

/** The admin table's preview: the first 50 characters of the text (spec §9). */
export function commanderPreview(content: string): string {
  const text = stripTags(content);
  return text.length > COMMANDER_PREVIEW_CHARS ? `${text.slice(0, COMMANDER_PREVIEW_CHARS).trimEnd()}…` : text;
}
