/** Width and height of the generated QR image, in pixels. */
export const QR_SIZE = 300;
/** Error correction level 'M' (about 15% recovery). */
export const QR_ERROR_CORRECTION = 'M';
/** How long the "copied" confirmation stays visible, in milliseconds. */
export const QR_COPIED_MS = 2000;

export type QrTab = 'url' | 'text' | 'contact';

export type ContactInput = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  organization: string;
  url: string;
};

/** QR content for a web address: trimmed, with `https://` added unless it already has an http(s) scheme. */
export function encodeUrl(input: string): string {
  const value = input.trim();
  if (value === '') return '';
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

/** QR content for free text: exactly as typed, since spaces and line breaks may be intended. */
export function encodeText(input: string): string {
  return input;
}

/** Escapes a vCard text value (RFC 2426 §4, RFC 6350 §3.4). */
export function escapeVCardText(value: string): string {
  // Backslash must go first so the escapes added afterwards are not doubled.
  return value
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** QR content for a contact: a vCard 3.0, or empty unless a name, phone or email is given. */
export function encodeContact(c: ContactInput): string {
  const first = c.firstName.trim();
  const last = c.lastName.trim();
  const phone = c.phone.trim();
  const email = c.email.trim();
  const organization = c.organization.trim();
  const url = c.url.trim();
  if (!first && !last && !phone && !email) return '';

  const esc = escapeVCardText;
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${esc([first, last].filter((part) => part !== '').join(' '))}`, `N:${esc(last)};${esc(first)};;;`];
  if (organization) lines.push(`ORG:${esc(organization)}`);
  if (phone) lines.push(`TEL:${esc(phone)}`);
  if (email) lines.push(`EMAIL:${esc(email)}`);
  if (url) lines.push(`URL:${esc(url)}`);
  lines.push('END:VCARD');
  // RFC 2426 requires CRLF line breaks; some scanners reject bare LF.
  return lines.join('\r\n');
}

/** Download file name of the QR image for a tab. */
export function qrFileName(tab: QrTab): string {
  return `qr-code-${tab}.png`;
}
