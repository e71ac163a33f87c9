import { describe, it, expect } from 'vitest';
import { QR_COPIED_MS, QR_ERROR_CORRECTION, QR_SIZE, encodeContact, encodeText, encodeUrl, escapeVCardText, qrFileName } from './qr.ts';
import type { ContactInput } from './qr.ts';

const blankContact: ContactInput = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  organization: '',
  url: '',
};

const contact = (over: Partial<ContactInput>): ContactInput => ({ ...blankContact, ...over });

describe('constants', () => {
  it('match the generator page', () => {
    expect(QR_SIZE).toBe(300);
    expect(QR_ERROR_CORRECTION).toBe('M');
    expect(QR_COPIED_MS).toBe(2000);
  });
});

describe('encodeUrl', () => {
  it('prepends https:// to a bare address', () => {
    expect(encodeUrl('example.org')).toBe('https://example.org');
    expect(encodeUrl('www.vfw.org/path?a=1')).toBe('https://www.vfw.org/path?a=1');
  });

  it('keeps an existing http or https scheme, whatever its case', () => {
    expect(encodeUrl('https://example.org')).toBe('https://example.org');
    expect(encodeUrl('http://example.org')).toBe('http://example.org');
    expect(encodeUrl('HTTP://EXAMPLE.ORG')).toBe('HTTP://EXAMPLE.ORG');
    expect(encodeUrl('Https://example.org')).toBe('Https://example.org');
  });

  it('does not mistake a scheme-like prefix for a scheme', () => {
    expect(encodeUrl('httpbin.org')).toBe('https://httpbin.org');
    expect(encodeUrl('https-example.org')).toBe('https://https-example.org');
  });

  it('trims surrounding whitespace', () => {
    expect(encodeUrl('  example.org \n')).toBe('https://example.org');
    expect(encodeUrl('  http://example.org  ')).toBe('http://example.org');
  });

  it('returns empty for blank input', () => {
    expect(encodeUrl('')).toBe('');
    expect(encodeUrl('   ')).toBe('');
    expect(encodeUrl('\t\n')).toBe('');
  });
});

describe('encodeText', () => {
  it('keeps the text exactly as typed', () => {
    expect(encodeText('  Hello, world;\nsecond line  ')).toBe('  Hello, world;\nsecond line  ');
    expect(encodeText('José Núñez')).toBe('José Núñez');
    expect(encodeText('   ')).toBe('   ');
  });

  it('keeps empty text empty', () => {
    expect(encodeText('')).toBe('');
  });
});

describe('escapeVCardText', () => {
  it('escapes backslash, comma, semicolon and every kind of line break', () => {
    expect(escapeVCardText('a\\b,c;d')).toBe('a\\\\b\\,c\\;d');
    expect(escapeVCardText('1\r\n2\r3\n4')).toBe('1\\n2\\n3\\n4');
  });

  it('does not double escapes it just added', () => {
    expect(escapeVCardText('\\,')).toBe('\\\\\\,');
  });
});

describe('encodeContact', () => {
  it('returns empty when no name, phone or email is given', () => {
    expect(encodeContact(blankContact)).toBe('');
    expect(encodeContact(contact({ firstName: '  ', lastName: '\t', phone: ' ', email: '\n' }))).toBe('');
    // Organization and website alone are not a contact.
    expect(encodeContact(contact({ organization: 'VFW Post', url: 'vfw.org' }))).toBe('');
  });

  it('builds a full vCard 3.0 with CRLF line breaks', () => {
    const card = encodeContact({
      firstName: 'John',
      lastName: 'Smith',
      phone: '555-123-4567',
      email: 'john@example.org',
      organization: 'VFW Post 1234',
      url: 'https://example.org',
    });
    expect(card).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:John Smith',
        'N:Smith;John;;;',
        'ORG:VFW Post 1234',
        'TEL:555-123-4567',
        'EMAIL:john@example.org',
        'URL:https://example.org',
        'END:VCARD',
      ].join('\r\n'),
    );
    expect(card).not.toMatch(/[^\r]\n/);
  });

  it('leaves out optional lines whose field is blank', () => {
    expect(encodeContact(contact({ firstName: 'Ann', organization: '  ', url: ' ' }))).toBe(
      ['BEGIN:VCARD', 'VERSION:3.0', 'FN:Ann', 'N:;Ann;;;', 'END:VCARD'].join('\r\n'),
    );
  });

  it('accepts a phone or an email alone', () => {
    expect(encodeContact(contact({ phone: ' 555 ' }))).toBe(['BEGIN:VCARD', 'VERSION:3.0', 'FN:', 'N:;;;;', 'TEL:555', 'END:VCARD'].join('\r\n'));
    expect(encodeContact(contact({ email: 'a@b.org' }))).toBe(['BEGIN:VCARD', 'VERSION:3.0', 'FN:', 'N:;;;;', 'EMAIL:a@b.org', 'END:VCARD'].join('\r\n'));
  });

  it('trims names and joins them by one space', () => {
    expect(encodeContact(contact({ firstName: '  Mary ', lastName: ' Jones  ' }))).toContain('\r\nFN:Mary Jones\r\nN:Jones;Mary;;;\r\n');
    expect(encodeContact(contact({ lastName: ' Jones ' }))).toContain('\r\nFN:Jones\r\nN:Jones;;;;\r\n');
  });

  it('passes accented letters through unchanged', () => {
    const card = encodeContact(contact({ firstName: 'José', lastName: 'Núñez', organization: 'Café Société' }));
    expect(card).toContain('\r\nFN:José Núñez\r\n');
    expect(card).toContain('\r\nN:Núñez;José;;;\r\n');
    expect(card).toContain('\r\nORG:Café Société\r\n');
  });

  it('escapes commas, semicolons, backslashes and line breaks in every field', () => {
    const card = encodeContact({
      firstName: 'Smith, Jr.',
      lastName: 'O;Brien',
      phone: '555\\1',
      email: 'a,b@example.org',
      organization: 'Post 1\r\nAuxiliary\rUnit\nTwo',
      url: 'example.org/a,b;c',
    });
    expect(card.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Smith\\, Jr. O\\;Brien',
      'N:O\\;Brien;Smith\\, Jr.;;;',
      'ORG:Post 1\\nAuxiliary\\nUnit\\nTwo',
      'TEL:555\\\\1',
      'EMAIL:a\\,b@example.org',
      'URL:example.org/a\\,b\\;c',
      'END:VCARD',
    ]);
  });

  it('keeps the website as typed, without adding a scheme', () => {
    expect(encodeContact(contact({ firstName: 'A', url: '  vfw.org  ' }))).toContain('\r\nURL:vfw.org\r\n');
    expect(encodeContact(contact({ firstName: 'A', url: 'HTTP://VFW.ORG' }))).toContain('\r\nURL:HTTP://VFW.ORG\r\n');
  });
});

describe('qrFileName', () => {
  it('names the download after the tab', () => {
    expect(qrFileName('url')).toBe('qr-code-url.png');
    expect(qrFileName('text')).toBe('qr-code-text.png');
    expect(qrFileName('contact')).toBe('qr-code-contact.png');
  });
});
