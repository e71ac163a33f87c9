// Zod-free, so an admin list's first JavaScript carries the text without the schemas (decision 0101).

/** "Showing 1–25 of 2,000" (or "No results"). */
export function showingText(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'No results';
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const n = (x: number) => x.toLocaleString('en-US');
  return from > total ? `Showing none of ${n(total)}` : `Showing ${n(from)}–${n(to)} of ${n(total)}`;
}
