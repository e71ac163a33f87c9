import { describe, expect, it } from 'vitest';
import { commanderMessageHtml, linesToBreaks, setServerSanitizer } from './sanitize.ts';

describe('linesToBreaks (server rendering of the commander message)', () => {
  it('turns newlines in text into line breaks, CRLF included', () => {
    expect(linesToBreaks('Fellow veterans,\nwelcome.\r\nThank you.')).toBe('Fellow veterans,<br>welcome.<br>Thank you.');
    expect(linesToBreaks('<strong>Bold</strong>\nnext')).toBe('<strong>Bold</strong><br>next');
    expect(linesToBreaks('one\n\ntwo')).toBe('one<br><br>two');
  });

  it('drops whitespace that only separates paragraphs or pads an element', () => {
    expect(linesToBreaks('<p>One</p>\n<p>Two</p>\n')).toBe('<p>One</p><p>Two</p>');
    expect(linesToBreaks('<p>\nOne\n</p>')).toBe('<p><br>One<br></p>');
    expect(linesToBreaks('<p>\n</p>')).toBe('<p></p>');
    expect(linesToBreaks('<em>\n</em>text')).toBe('<em></em>text');
    expect(linesToBreaks('a <br /> b')).toBe('a <br /> b');
    expect(linesToBreaks('<u>x</u> <em>y</em>')).toBe('<u>x</u> <em>y</em>');
  });

  it('leaves escaped text as it is', () => {
    expect(linesToBreaks('5 &lt; 6 &amp; "quoted"\nnext')).toBe('5 &lt; 6 &amp; "quoted"<br>next');
  });
});

describe('commanderMessageHtml on the server', () => {
  it('formats with the sanitizer handed in, after trimming, then adds the line breaks', () => {
    const seen: string[] = [];
    setServerSanitizer((html) => {
      seen.push(html);
      return html.replace(/<script>.*?<\/script>/g, '');
    });
    expect(commanderMessageHtml('  <p>Hello<script>x</script></p>\nline two  ')).toBe('<p>Hello</p><br>line two');
    expect(seen).toEqual(['<p>Hello<script>x</script></p>\nline two']);
  });
});
