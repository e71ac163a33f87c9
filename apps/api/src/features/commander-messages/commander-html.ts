import sanitizeHtml from 'sanitize-html';
import { COMMANDER_MESSAGE_TAGS } from '@post/contracts/commander-messages';

const options: sanitizeHtml.IOptions = {
  allowedTags: [...COMMANDER_MESSAGE_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  allowProtocolRelative: false,
  // Other tags go, their text stays; the content of script, style and the like goes with them.
  disallowedTagsMode: 'discard',
};

/** Keeps only strong, em, u, p and br, without attributes (decisions §3): run on save and on every read. */
export function sanitizeCommanderHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** True when the HTML shows no text at all (only tags, spaces or non-breaking spaces). */
export function isBlankHtml(html: string): boolean {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|&#xa0;/gi, '')
      .trim() === ''
  );
}
