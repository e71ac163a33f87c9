/** Stands for the site's own origin when a return address is resolved on the server, without a window. */
const SITE = 'https://site.invalid';

/**
 * A page to come back to after signing in, if it is a path of this site: it starts with one '/'
 * (no backslash or control characters, which browsers may read as another host) and, resolved as
 * a browser resolves it, stays on the site's own origin with a path that is not itself
 * protocol-relative (`/.//host`, `/..//host` and `/%2e//host` all resolve to `//host`; decision 0081).
 * Anything else gives undefined, so a link cannot send someone elsewhere after signing in.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  const resolved = sameOriginUrl(value, SITE);
  if (!resolved || resolved.pathname.startsWith('//')) return undefined;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** `path` resolved against `origin`, or undefined when it leaves that origin (or is no URL at all). */
export function sameOriginUrl(path: string, origin: string): URL | undefined {
  try {
    const url = new URL(path, origin);
    return url.origin === new URL(origin).origin ? url : undefined;
  } catch {
    return undefined;
  }
}
