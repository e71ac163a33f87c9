import { describe, expect, it } from 'vitest';
import { parseNewsMarkup } from '@post/contracts/rules/news-markup';
import { docToNews, newsToDoc } from './news-doc.ts';

describe('the news editor document', () => {
  it('reads the stored tags as marks, not as text', () => {
    const doc = newsToDoc('Come <strong>early</strong> to <a href="https://example.org/fry">the fry</a>.\nLine two\n\nSecond');
    expect(JSON.stringify(doc)).not.toContain('<strong>');
    expect(doc.content?.[0]?.content).toEqual([
      { type: 'text', text: 'Come ' },
      { type: 'text', text: 'early', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' to ' },
      { type: 'text', text: 'the fry', marks: [{ type: 'link', attrs: { href: 'https://example.org/fry' } }] },
      { type: 'text', text: '.' },
      { type: 'hardBreak' },
      { type: 'text', text: 'Line two' },
    ]);
    expect(doc.content).toHaveLength(2);
  });

  it('saves what it read as the same body, which the page parses the same way', () => {
    for (const body of [
      'Come <strong>early</strong> to <a href="https://example.org/fry">the <em>fish</em> fry</a>.\nLine two\n\nSecond <u>para</u>',
      'Plain https://example.org/a stays bare.',
      '<strong><em>both</em></strong> marks',
    ]) {
      const saved = docToNews(newsToDoc(body));
      expect(saved.split('\n\n').map(parseNewsMarkup)).toEqual(body.split('\n\n').map(parseNewsMarkup));
    }
  });

  it('drops an unsafe link, keeping its text, and leaves out empty paragraphs', () => {
    expect(docToNews(newsToDoc('<a href="javascript:alert(1)">click</a>'))).toBe('click');
    expect(
      docToNews({
        type: 'doc',
        content: [{ type: 'paragraph' }, { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'bold' }] }] }],
      }),
    ).toBe('<strong>x</strong>');
  });
});
