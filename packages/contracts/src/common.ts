import { z } from './zod.ts';
import { MAX_ID } from './ids.ts';
import { formMessages } from './messages/forms.ts';

/** A positive integer id in a path or body (REST paths give strings, so coerce). */
export const Id = z.coerce.number({ error: 'Invalid id' }).int('Invalid id').positive('Invalid id').max(MAX_ID, 'Invalid id');
/** `{ id }` input of byId, remove, activate. */
export const IdInput = z.object({ id: Id });

/** A required text field: trimmed, non-blank, bounded. */
export function requiredText(message: string, max = 10_000) {
  return z.string({ error: message }).trim().min(1, message).max(max, formMessages.tooLong(max));
}
/** An optional text field; blank becomes null. */
export function optionalText(max = 10_000) {
  return z
    .string()
    .trim()
    .max(max, formMessages.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));
}
/** The years a date given to the API may fall in: outside them it is a 400, never a stored 2001 or a failing page (decision 0059). */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

// A subset of ECMAScript's date-time string format, so Date parses it by the standard's rules and
// never by an engine's legacy guesses ("Jan 1 10", "0001-01-01" taken as 2001).
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{3})?)?(Z|[+-](\d{2}):(\d{2}))?)?$/;

/** The instant of a strict ISO 8601 date ('2026-05-01') or date-time in MIN_YEAR-MAX_YEAR (any year with `anyYear`), or null. */
export function parseIsoDate(value: string, anyYear = false): Date | null {
  const m = ISO.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if ((!anyYear && (year < MIN_YEAR || year > MAX_YEAR)) || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate())
    return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  if (m[8] !== undefined && (Number(m[8]) > 23 || Number(m[9]) > 59)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The checks of a date given as text: strict ISO 8601 (else formMessages.invalidDate), in MIN_YEAR-MAX_YEAR
 * (else formMessages.dateOutOfRange); `blank` lets '' through for optional fields.
 */
export function checkIsoDate(schema: z.ZodString, blank = false) {
  return schema
    .refine((s) => (blank && s === '') || parseIsoDate(s, true) !== null, { error: formMessages.invalidDate, abort: true })
    .refine((s) => (blank && s === '') || parseIsoDate(s) !== null, formMessages.dateOutOfRange);
}

/** An ISO 8601 date-time (or date) string in MIN_YEAR-MAX_YEAR; blank gives the message. */
export function isoDate(message: string) {
  return checkIsoDate(z.string({ error: message }).trim().min(1, { error: message, abort: true }));
}
/** Control characters (CR, LF, NUL...): never part of a URL a page links to or a redirect sends. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Adds `https://` to an address typed without a scheme ("www.va.gov/..."), as the QR tab does.
 * Site-relative paths and anything with a scheme (even a refused one like `javascript:`) are left
 * alone, so the refusal below still sees them; a `host:port` is not taken for a scheme.
 */
export function withHttps(value: string): string {
  const v = value.trim();
  if (v === '' || v.startsWith('/') || /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(v)) return v;
  return `https://${v}`;
}
/** A phone number: at least 10 digits; besides digits only spaces, dashes, dots, parentheses and a leading +. */
export function isPhoneNumber(value: string): boolean {
  return /^\+?[0-9 ().-]+$/.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 10;
}
/** An optional phone number: blank is allowed; otherwise {@link isPhoneNumber}. */
export function optionalPhone(max = 20) {
  return z
    .string()
    .trim()
    .max(max, formMessages.tooLong(max))
    .refine((p) => p === '' || /^\+?[0-9 ().-]+$/.test(p), { error: formMessages.phoneChars, abort: true })
    .refine((p) => p === '' || isPhoneNumber(p), formMessages.phoneMin);
}
/** An http(s) URL. */
export function httpUrl(max = 500) {
  return (
    z
      .string({ error: formMessages.urlInvalid })
      .trim()
      .max(max, formMessages.tooLong(max))
      // The URL parser silently drops tabs and line breaks, so they are refused before it.
      .refine((s) => !CONTROL_CHARACTERS.test(s), formMessages.urlInvalid)
      .transform(withHttps)
      .refine((s) => {
        try {
          const u = new URL(s);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      }, formMessages.urlInvalid)
  );
}
/** An optional http(s) URL; blank becomes null. */
export function optionalHttpUrl(max = 500) {
  return z
    .union([z.literal('').transform(() => null), z.null(), httpUrl(max)])
    .optional()
    .transform((v) => v ?? null);
}
/** Timestamps travel as ISO 8601 strings. */
export const Timestamp = z.string();
/** An e-mail address with the given message. */
export function email(message: string, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .max(max, formMessages.tooLong(max))
    .pipe(z.email({ error: message }));
}
/** `{ ok: true }` answer of writes with nothing else to say. */
export const Ok = z.object({ ok: z.literal(true) });
