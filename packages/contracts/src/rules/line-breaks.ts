// Line breaks for the commander message's HTML (and a newsletter issue's, which follows its
// rules): one function for the web app's server rendering and the API's e-mail.

const TAG = /(<\/?[a-z]+\s*\/?>)/i;
const isOpening = (tag: string | undefined) => tag !== undefined && !tag.startsWith('</') && !/^<br\b/i.test(tag);

/**
 * Line breaks for newlines in already sanitized HTML (only strong, em, u, p and br, without
 * attributes), by the rules of the web app's `copyText` (lib/sanitize.ts): whitespace that only stands beside a paragraph
 * or at the start or end of an element is layout; any other newline is a line break.
 */
export function linesToBreaks(safeHtml: string): string {
  const parts = safeHtml.split(TAG);
  return parts
    .map((part, i) => {
      if (i % 2 === 1 || part === '') return part;
      const before = parts[i - 1];
      const after = parts[i + 1];
      const first = before === undefined || isOpening(before);
      const last = after === undefined || after.startsWith('</');
      const besideParagraph = (before !== undefined && /^<\/p\s*>$/i.test(before)) || (after !== undefined && /^<p\s*>$/i.test(after));
      if (part.trim() === '' && (first || last || besideParagraph)) return '';
      return part.replace(/\r\n?/g, '\n').split('\n').join('<br>');
    })
    .join('');
}
