/** The URL with doubled slashes in its path made single (the query is left as sent). */
export function collapseSlashes(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.includes('//') ? path.replace(/\/{2,}/g, '/') + (q < 0 ? '' : url.slice(q)) : url;
}
