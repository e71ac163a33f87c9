import { COMMANDER_PREVIEW_CHARS } from '@post/contracts/commander-constants';
import { sanitizeCommanderHtml } from './sanitize.ts';

function parse(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
}

/** The message as it is shown: the same allow-list and line breaks as the public pages. */
export function messageHtml(content: string): string {
  return sanitizeCommanderHtml(content);
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
