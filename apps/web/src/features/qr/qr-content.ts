import { encodeContact, encodeText, encodeUrl } from '@post/contracts/rules/qr';
import type { ContactInput, QrTab } from '@post/contracts/rules/qr';
import type { QrMessages } from './qr-messages.ts';

/** What the visitor typed in each tab (each tab keeps its own while another is shown). */
export type Fields = { url: string; text: string; contact: ContactInput };

export const EMPTY_FIELDS: Fields = {
  url: '',
  text: '',
  contact: { firstName: '', lastName: '', phone: '', email: '', organization: '', url: '' },
};
export const NO_CAPTIONS: Record<QrTab, string | null> = { url: null, text: null, contact: null };
export const TABS: readonly QrTab[] = ['url', 'text', 'contact'];
export const CAPTION_MAX = 200;

/** What the code holds for the active tab (spec §4), recomputed on every change. */
export function encode(tab: QrTab, fields: Fields): string {
  if (tab === 'url') return encodeUrl(fields.url);
  if (tab === 'text') return encodeText(fields.text);
  return encodeContact(fields.contact);
}

function contactName(c: ContactInput): string {
  return [c.firstName.trim(), c.lastName.trim()].filter(Boolean).join(' ');
}

function firstLine(text: string): string {
  return (
    text
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

/** The caption printed under the code unless the visitor writes their own. */
export function defaultCaption(tab: QrTab, fields: Fields): string {
  if (tab === 'url') return fields.url.trim();
  if (tab === 'text') return firstLine(fields.text).slice(0, CAPTION_MAX);
  const c = fields.contact;
  return contactName(c) || c.organization.trim() || c.email.trim() || c.phone.trim();
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The image's text alternative: what scanning it gives, in words. */
export function altText(t: QrMessages, tab: QrTab, fields: Fields, data: string): string {
  if (tab === 'url') return t.altUrl(data);
  if (tab === 'text') return t.altText(truncate(data.trim().replace(/\s+/g, ' '), 120));
  const c = fields.contact;
  const who = contactName(c) || c.email.trim() || c.phone.trim();
  return who ? t.altContact(who) : t.altContactUnnamed;
}

/** True for an empty field or one shaped like name@domain.tld; only a hint, the code is drawn either way. */
export function looksLikeEmail(value: string): boolean {
  const v = value.trim();
  return v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
}
