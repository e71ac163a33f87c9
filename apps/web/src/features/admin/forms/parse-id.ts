/** Parses a route's numeric id; null when it is not a positive 32-bit integer. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 && n <= 2147483647 ? n : null;
}
