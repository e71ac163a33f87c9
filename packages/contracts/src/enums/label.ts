/** Human labels for enum values stored in snake_case. */
export function labelOf(value: string): string {
  return value
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
