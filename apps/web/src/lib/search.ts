// Search-parameter readers for route definitions. Route options stay in the first
// JavaScript every page loads, so they parse by hand instead of pulling in zod.

/** One of `values`, else undefined. */
export function oneOf<T extends string>(value: unknown, values: readonly T[]): T | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** A non-empty string of at most `max` characters, else undefined. */
export function text(value: unknown, max = 200): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : typeof value === 'number' ? String(value) : undefined;
}
