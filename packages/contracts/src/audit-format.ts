// The audit log's names and how a change reads, without zod: the admin page imports only this.

/**
 * The kinds of record the log names, with how the audit page shows each. `audited()` and
 * `recordAudit()` take only these keys, so a new entity is added here or the typecheck names it
 * (decision 0067).
 */
export const AUDIT_ENTITY_LABELS = {
  event: 'Event',
  news: 'News item',
  resource: 'Resource',
  'commander-message': 'Commander message',
  'community-engagement': 'Community engagement',
  'member-communication': 'Member communication',
  'member-resource': 'Member resource',
  image: 'Photo',
  member: 'Member',
  settings: 'Settings',
  'newsletter-subscriber': 'Newsletter list',
  'newsletter-issue': 'Newsletter issue',
  volunteer: 'Volunteer',
  outbox: 'Outbox message',
  attendance: 'Attendance',
  'service-entry': 'Service entry',
  'service-category': 'Service category',
  'service-report': 'Service report',
  'report-form': 'Report form',
  'report-filing': 'Report filing',
  'event-document': 'Event documentation',
  'member-payment': 'Dues payment',
  'renewal-contact': 'Renewal contact note',
  'renewal-reminder': 'Renewal reminders',
  renewals: 'Renewals list',
  'honor-roll': 'Honor roll entry',
  'buddy-check': 'Buddy Check campaign',
  'buddy-check-call': 'Buddy Check call',
  user: 'Administrator account',
  session: 'Session',
  'honors-request': 'Funeral honors request',
  // Issue 57 (decision 0082).
  'demo-content': 'Demo content',
  backup: 'Backup',
} as const satisfies Record<string, string>;

/** A kind of record the log names. */
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

/** The kinds of record the log names (the filter's choices; other stored values are shown as they are). */
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as AuditEntity[];

/** The actions the log names, with how the audit page shows each; like the entities, the only ones `audited()` takes. */
export const AUDIT_ACTION_LABELS = {
  create: 'Created',
  invite: 'Invited',
  disable: 'Disabled',
  enable: 'Enabled',
  'role-change': 'Role changed',
  update: 'Changed',
  delete: 'Deleted',
  activate: 'Made active',
  upload: 'File uploaded',
  import: 'Imported',
  export: 'Exported',
  retry: 'Retried',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Failed sign-in',
  'sign-out': 'Signed out',
  'password-change': 'Changed own password',
  'details-change': 'Changed own name or e-mail',
  'password-reset': 'Password reset',
  'password-reset-and-two-factor-reset': 'Password and two-factor reset',
  'password-set-by-invitation': 'Password set from an invitation',
  'two-factor-on': 'Two-factor turned on',
  'two-factor-off': 'Two-factor turned off',
  'two-factor-reset': 'Two-factor cleared',
  'two-factor-recovery-code-used': 'Recovery code used',
  'two-factor-recovery-codes-new': 'New recovery codes made',
  'session-end': 'Session ended',
  send: 'Sent',
  'test-send': 'Test sent',
  approve: 'Approved',
  'check-in': 'Checked in',
  'check-out': 'Checked out',
  'walk-in': 'Walk-in added',
  promote: 'Given a place from the waitlist',
  cancel: 'Cancelled',
  'confirm-hours': 'Hours confirmed',
  'call-out': 'Called out',
  publish: 'Published',
  unpublish: 'Unpublished',
} as const satisfies Record<string, string>;

/** An action the log names. */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** The actions the log names (the filter's choices). */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** How the audit page names a stored entity (one of an older release as it is). */
export const auditEntityLabel = (entity: string): string => (AUDIT_ENTITY_LABELS as Record<string, string>)[entity] ?? entity;

/** How the audit page names a stored action. */
export const auditActionLabel = (action: string): string => (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

/** An instant as stored in a change (ISO 8601 with a zone), which the log shows in the post's time zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * One value of a change as people read it: text as is, nothing as "(empty)", an instant in the
 * post's time zone when one is given (issue 60, decision 0094), the rest as JSON.
 */
export function formatAuditValue(value: unknown, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return timeZone && INSTANT.test(value) ? inZone(value, timeZone) : value;
  return JSON.stringify(value);
}

function inZone(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const opts: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...opts, timeZone }).format(d);
  } catch {
    return iso;
  }
}

/** The changes of an entry as lines "field: old → new" (a new record's fields as "field: value"); instants in `timeZone` when given. */
export function formatAuditChanges(changes: Record<string, { old?: unknown; new?: unknown }> | null, timeZone?: string): string[] {
  if (!changes) return [];
  const v = (x: unknown) => formatAuditValue(x, timeZone);
  return Object.entries(changes).map(([field, c]) => (c.old === null || c.old === undefined ? `${field}: ${v(c.new)}` : `${field}: ${v(c.old)} → ${v(c.new)}`));
}
