import { newsPlainText } from '@post/contracts/rules/news-markup';

/** The paragraphs of a news item's text (blank lines separate them). */
export function paragraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The start of a news item's text, without its formatting, cut at a word, for lists. */
export function excerpt(content: string, max = 180): string {
  const text = newsPlainText(content).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
