/** Text made safe inside HTML or XML markup, in an element or a quoted attribute. */
export function escapeMarkup(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
