// Texts the server formatted while rendering a page, reused by the browser while it hydrates
// that page. The first use of Intl.DateTimeFormat loads the browser's locale and time-zone
// data: about 100 ms of a slow phone's main thread, in the middle of hydration. With the
// server's texts the same markup comes out without Intl, which first loads when the visitor
// does something that needs a new date (opening a popup, another month).

const texts = new Map<string, string>();
let recording = false;

/** Server: collect the texts of one synchronous render. */
export function recordTexts<T>(render: () => T): { result: T; texts: Record<string, string> } {
  texts.clear();
  recording = true;
  try {
    const result = render();
    return { result, texts: Object.fromEntries(texts) };
  } finally {
    recording = false;
    texts.clear();
  }
}

/** Browser: the texts that came with the server-rendered page. */
export function acceptServerTexts(given: Record<string, string> | undefined): void {
  if (given) for (const [k, v] of Object.entries(given)) if (typeof v === 'string') texts.set(k, v);
}

/** The text for `key`: the server's when it sent one, else `make()` (recorded while the server renders). */
export function serverText(key: string, make: () => string): string {
  if (!recording) {
    const known = texts.get(key);
    if (known !== undefined) return known;
    return make();
  }
  const made = make();
  texts.set(key, made);
  return made;
}
