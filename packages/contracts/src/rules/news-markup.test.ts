import { describe, expect, it } from 'vitest';
import { newsPlainText, parseNewsMarkup } from './news-markup.ts';

describe('news markup', () => {
  it('makes the toolbar tags elements and leaves every other character text', () => {
    expect(parseNewsMarkup('Come <strong>early</strong>, <em>bring</em> a <u>chair</u>.')).toEqual([
      'Come ',
      { tag: 'strong', children: ['early'] },
      ', ',
      { tag: 'em', children: ['bring'] },
      ' a ',
      { tag: 'u', children: ['chair'] },
      '.',
    ]);
    expect(parseNewsMarkup('Scores: 3 < 5 and <b>bold</b> <script>alert(1)</script>')).toEqual(['Scores: 3 < 5 and <b>bold</b> <script>alert(1)</script>']);
  });

  it('nests, closes what is left open and drops a stray end tag', () => {
    expect(parseNewsMarkup('<strong>a <em>b</strong> c</em>')).toEqual([{ tag: 'strong', children: ['a ', { tag: 'em', children: ['b'] }] }, ' c']);
    expect(parseNewsMarkup('x</u> <strong>y')).toEqual(['x ', { tag: 'strong', children: ['y'] }]);
  });

  it('links to the web, e-mail or the site only; other addresses keep their text', () => {
    expect(parseNewsMarkup('<a href="https://va.gov/x?a=1&amp;b=2">VA</a>')).toEqual([{ tag: 'a', href: 'https://va.gov/x?a=1&b=2', children: ['VA'] }]);
    expect(parseNewsMarkup('<a href="mailto:adj@example.org">mail</a> <a href="/events">events</a>')).toEqual([
      { tag: 'a', href: 'mailto:adj@example.org', children: ['mail'] },
      ' ',
      { tag: 'a', href: '/events', children: ['events'] },
    ]);
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example', ' vbscript:x'])
      expect(parseNewsMarkup(`<a href="${bad}">click</a>`), bad).toEqual(['click']);
    expect(parseNewsMarkup('<a href="https://a.example">one <a href="https://b.example">two</a>')).toEqual([
      { tag: 'a', href: 'https://a.example', children: ['one two'] },
    ]);
  });

  it('makes a bare web address a link, without the full stop that ends the sentence', () => {
    expect(parseNewsMarkup('See https://www.va.gov/health. Thanks')).toEqual([
      'See ',
      { tag: 'a', href: 'https://www.va.gov/health', children: ['https://www.va.gov/health'] },
      '. Thanks',
    ]);
  });

  it('gives plain text for excerpts and feeds', () => {
    expect(newsPlainText('Come <strong>early</strong> to <a href="https://x.example">the hall</a>.')).toBe('Come early to the hall.');
  });
});
