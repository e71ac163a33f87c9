import { describe, expect, it } from 'vitest';
import { altText, defaultCaption, EMPTY_FIELDS, encode, looksLikeEmail } from './qr-content.ts';
import type { Fields } from './qr-content.ts';
import { QR_MESSAGES, qrLocale } from './qr-messages.ts';

const fields = (over: Partial<Omit<Fields, 'contact'>> & { contact?: Partial<Fields['contact']> } = {}): Fields => ({
  ...EMPTY_FIELDS,
  ...over,
  contact: { ...EMPTY_FIELDS.contact, ...over.contact },
});

describe('qrLocale', () => {
  it('is Spanish for any language starting with es, English otherwise', () => {
    expect(qrLocale('es')).toBe('es');
    expect(qrLocale('es-ES')).toBe('es');
    expect(qrLocale('es-419')).toBe('es');
    expect(qrLocale('ES-mx')).toBe('es');
    expect(qrLocale('en-US')).toBe('en');
    expect(qrLocale('fr-FR')).toBe('en');
    expect(qrLocale('et')).toBe('en');
    expect(qrLocale('')).toBe('en');
    expect(qrLocale(undefined)).toBe('en');
  });
});

describe('QR_MESSAGES', () => {
  it('uses the spec wording in English', () => {
    expect(QR_MESSAGES.en.pageTitle).toBe('QR Code Generator');
    expect(QR_MESSAGES.en.tagline).toBe('Generate QR codes for events, contact information, and veteran resources');
    expect(QR_MESSAGES.en.emptyPrompt).toBe('Fill in the form to generate your QR code');
    expect(QR_MESSAGES.en.clearAll).toBe('Clear All Fields');
    expect(QR_MESSAGES.en.download).toBe('Download PNG');
    expect(QR_MESSAGES.en.copy).toBe('Copy Data');
    expect(QR_MESSAGES.en.copied).toBe('Copied!');
  });

  it('translates every text into Spanish', () => {
    const en = QR_MESSAGES.en as Record<string, unknown>;
    const es = QR_MESSAGES.es as Record<string, unknown>;
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    // Only the tab name 'URL' is the same word in both languages.
    const same = Object.keys(en).filter((k) => typeof en[k] === 'string' && en[k] === es[k]);
    expect(same).toEqual(['tabUrl']);
    for (const [key, value] of Object.entries(es)) {
      if (typeof value === 'string') expect(value.trim(), key).not.toBe('');
      else expect((value as (s: string) => string)('X'), key).toContain('X');
    }
  });
});

describe('encode', () => {
  it('encodes only the active tab, each by its rule', () => {
    const f = fields({ url: 'example.org', text: 'Hello', contact: { firstName: 'Ann' } });
    expect(encode('url', f)).toBe('https://example.org');
    expect(encode('text', f)).toBe('Hello');
    expect(encode('contact', f)).toBe(['BEGIN:VCARD', 'VERSION:3.0', 'FN:Ann', 'N:;Ann;;;', 'END:VCARD'].join('\r\n'));
    expect(encode('url', EMPTY_FIELDS)).toBe('');
    expect(encode('text', EMPTY_FIELDS)).toBe('');
    expect(encode('contact', EMPTY_FIELDS)).toBe('');
  });
});

describe('defaultCaption', () => {
  it('is the address as typed for a URL', () => {
    expect(defaultCaption('url', fields({ url: '  www.example.org/events ' }))).toBe('www.example.org/events');
  });

  it('is the first non-blank line of a text, at most 200 characters', () => {
    expect(defaultCaption('text', fields({ text: '\n  Pancake breakfast  \nSaturday' }))).toBe('Pancake breakfast');
    expect(defaultCaption('text', fields({ text: 'x'.repeat(300) }))).toHaveLength(200);
  });

  it("is the contact's name, else organization, email or phone", () => {
    expect(defaultCaption('contact', fields({ contact: { firstName: ' José ', lastName: 'Núñez, Jr.', organization: 'Post' } }))).toBe('José Núñez, Jr.');
    expect(defaultCaption('contact', fields({ contact: { organization: 'Post 1', email: 'a@b.org' } }))).toBe('Post 1');
    expect(defaultCaption('contact', fields({ contact: { email: 'a@b.org', phone: '555' } }))).toBe('a@b.org');
    expect(defaultCaption('contact', fields({ contact: { phone: '555' } }))).toBe('555');
  });
});

describe('altText', () => {
  const t = QR_MESSAGES.en;
  it('says what scanning the code gives', () => {
    expect(altText(t, 'url', EMPTY_FIELDS, 'https://example.org')).toBe('QR code linking to https://example.org');
    expect(altText(t, 'text', EMPTY_FIELDS, ' Hello\n  world ')).toBe('QR code containing the text: Hello world');
    expect(altText(t, 'text', EMPTY_FIELDS, 'y'.repeat(500))).toHaveLength('QR code containing the text: '.length + 120);
    expect(altText(t, 'contact', fields({ contact: { firstName: 'Ann', lastName: 'Lee' } }), 'BEGIN:VCARD')).toBe('QR code with the contact card of Ann Lee');
    expect(altText(t, 'contact', fields({ contact: { phone: '555' } }), 'BEGIN:VCARD')).toBe('QR code with the contact card of 555');
    expect(altText(QR_MESSAGES.es, 'url', EMPTY_FIELDS, 'https://example.org')).toBe('Código QR que enlaza a https://example.org');
  });
});

describe('looksLikeEmail', () => {
  it('accepts empty and name@domain.tld, flags the rest', () => {
    expect(looksLikeEmail('')).toBe(true);
    expect(looksLikeEmail(' a.b@example.org ')).toBe(true);
    expect(looksLikeEmail('a@example')).toBe(false);
    expect(looksLikeEmail('example.org')).toBe(false);
    expect(looksLikeEmail('a b@example.org')).toBe(false);
  });
});
