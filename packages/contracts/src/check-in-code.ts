// A sign-up's check-in code as the door reads it: kept apart from the schemas, so the check-in page loads without zod (decision 0103).

/** The path of a sign-up's check-in code inside a URL (what its QR code holds): `/check-in/{code}`. */
export const CHECK_IN_PATH = '/check-in/';

/** The code out of what a scanner read: a bare code or a URL ending in one. */
export function codeFromScan(text: string): string {
  const t = text.trim();
  const at = t.lastIndexOf(CHECK_IN_PATH);
  return at >= 0 ? t.slice(at + CHECK_IN_PATH.length).split(/[?#]/)[0]! : t;
}

/** The sign-up id a code names, read without checking its signature (the server checks it). */
export function volunteerIdOfCode(code: string): number | null {
  const m = /^([1-9][0-9]{0,15})\.[A-Za-z0-9_-]{43}$/.exec(code);
  return m ? Number(m[1]) : null;
}
