// Stored cross-site scripting corpus (issue 8): markup that runs `window.__xss = 1` (or shows an
// attribute handler that would) if any page ever put it into the DOM as markup instead of text.

/** Payloads saved in text fields; each would set window.__xss if it ever ran. */
export const PAYLOADS: readonly string[] = [
  `<script>window.__xss=1</script>`,
  // Control characters XML 1.0 and iCalendar do not allow (feeds must stay well-formed).
  `bell\u0007 esc\u001b vt\u000b one\u0001 <b>x</b>`,
  `<img src=x onerror="window.__xss=1">`,
  `<svg onload="window.__xss=1">`,
  `"><img src=x onerror=window.__xss=1>`,
  `'><img src=x onerror=window.__xss=1>`,
  `<a href="javascript:window.__xss=1">x</a>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>">`,
  `<details open ontoggle="window.__xss=1">`,
  `{{constructor.constructor('window.__xss=1')()}}`,
  `${'$'}{window.__xss=1}`,
  `</script><script>window.__xss=1</script>`,
  `</title></textarea></style><img src=x onerror=window.__xss=1>`,
  `<!--<img src="--><img src=x onerror=window.__xss=1//">`,
  `<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>`,
  `" onmouseover="window.__xss=1" style="position:fixed;inset:0" x="`,
  `<style>*{background:url("javascript:window.__xss=1")}</style>`,
  `javascript:window.__xss=1`,
  // String.replace patterns: a server that splices text into its HTML with replace(str, str)
  // would copy parts of the page here (and break the data block).
  `O$'Brien $& $\` $$ $<x>`,
  // JSON and script terminators: U+2028/2029 and an HTML comment opener inside the data block.
  `a\u2028b\u2029c <!--<script>window.__xss=1//`,
  // Short enough for 20-character fields (phone numbers).
  `<svg onload=__xss=1>`,
];

/** Short payloads for fields of 10 to 20 characters, longest first. */
const SHORT = [`<svg onload=__xss=1>`, `"><b>x</b>`, `"'<b>`];

/** One payload that fits in `max` characters: PAYLOADS[i] when it fits, else the longest short one. */
export function fit(max: number, i: number): string {
  const p = PAYLOADS[i % PAYLOADS.length]!;
  if (p.length <= max) return p;
  return SHORT.find((s) => s.length <= max) ?? '"<';
}

/** As many payloads as fit in `max` characters, starting at PAYLOADS[start], joined by `sep`. */
export function pack(max: number, start = 0, sep = ' '): string {
  const out: string[] = [];
  let len = 0;
  for (let k = 0; k < PAYLOADS.length; k++) {
    const p = PAYLOADS[(start + k) % PAYLOADS.length]!;
    const add = (out.length ? sep.length : 0) + p.length;
    if (len + add > max) continue;
    out.push(p);
    len += add;
  }
  return out.length ? out.join(sep) : fit(max, start);
}

/** The text without the control characters XML 1.0 and iCalendar cannot carry (feeds drop them). */
export function noControls(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '');
}

/** Every payload, one paragraph each (long text fields: descriptions, contents). */
export const ALL = PAYLOADS.join('\n\n');

/** http(s) addresses that pass validation yet try to break out of an href or src attribute. */
export function hostileHttpUrls(origin: string): string[] {
  return [
    `https://x.example/"><svg/onload=window.__xss=1>`,
    `http://x.example/?q='><img/src/onerror=window.__xss=1>`,
    `${origin}/favicon.svg?"onerror="window.__xss=1`,
  ];
}

/** Addresses every URL field must refuse: none may ever become a link that runs script. */
export const REFUSED_URLS: readonly string[] = [
  'javascript:window.__xss=1',
  'JaVaScRiPt:window.__xss=1',
  ' javascript:window.__xss=1',
  'java\tscript:window.__xss=1',
  'javascript://example.com/%0awindow.__xss=1',
  'data:text/html,<script>window.__xss=1</script>',
  'vbscript:msgbox(1)',
  '//evil.example/x',
];

/** E-mail addresses: what a valid address may carry (quotes are not allowed by the schema). */
export const EMAIL_OK = (tag: string) => `o'brien+${tag}@example.com`;
export const EMAIL_REFUSED: readonly string[] = [
  `"<script>window.__xss=1</script>"@example.com`,
  `"><img src=x onerror=window.__xss=1>@example.com`,
  `x@example.com<svg onload=window.__xss=1>`,
];
