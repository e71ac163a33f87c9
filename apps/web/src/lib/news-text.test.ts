import { describe, expect, it } from 'vitest';
import { excerpt, paragraphs } from './news-text.ts';

describe('news text', () => {
  it('splits paragraphs on blank lines and drops empty ones', () => {
    expect(paragraphs('One.\n\nTwo,\nstill two.\r\n\r\n\n  \nThree.  ')).toEqual(['One.', 'Two,\nstill two.', 'Three.']);
    expect(paragraphs('   ')).toEqual([]);
  });

  it('cuts excerpts at a word with an ellipsis, and leaves short text alone', () => {
    expect(excerpt('Short text.\n\nMore.', 50)).toBe('Short text. More.');
    const long = 'The quick brown fox jumps over the lazy dog, again and again, until the farmer comes home.';
    const cut = excerpt(long, 40);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(41);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).not.toMatch(/[\s,]…$/);
  });
});
