// The audit log's names and how a change reads, without zod: the admin page imports only this.

/** The kinds of record the log names (the filter's choices; other values are accepted too). */
export const AUDIT_ENTITIES = [
  'event',
  'news',
  'resource',
  'commander-message',
  'community-engagement',
  'member-communication',
  'member-resource',
  'image',
  'member',
  'settings',
  'newsletter-subscriber',
  'newsletter-issue',
  'volunteer',
  'outbox',
  'user',
  'session',
] as const;

/** The actions the log names (the filter's choices). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'activate',
  'upload',
  'import',
  'export',
  'retry',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'password-change',
  'details-change',
  'password-reset',
  'password-set-by-invitation',
  'two-factor-on',
  'two-factor-off',
  'two-factor-reset',
  'two-factor-recovery-code-used',
  'two-factor-recovery-codes-new',
  'session-end',
  'send',
  'test-send',
] as const;

/** One value of a change as people read it: text as is, nothing as "(empty)", the rest as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The changes of an entry as lines "field: old → new" (a new record's fields as "field: value"). */
export function formatAuditChanges(changes: Record<string, { old?: unknown; new?: unknown }> | null): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, c]) =>
    c.old === null || c.old === undefined ? `${field}: ${formatAuditValue(c.new)}` : `${field}: ${formatAuditValue(c.old)} → ${formatAuditValue(c.new)}`,
  );
}
