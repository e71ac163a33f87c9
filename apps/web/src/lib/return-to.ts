/**
 * A page to come back to after signing in, if it is a path of this site: it starts with one '/'
 * (not '//', no backslash or control characters, which browsers may read as another host).
 * Anything else gives undefined, so a link cannot send someone elsewhere after signing in.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}
