// Kept without zod so that public pages' first JavaScript stays in its budget (decision 0063); the
// zod modules re-export these, so each value has one source.

/** Event types (spec §3); anything else is shown as regular. */
export const EVENT_TYPES = ['regular', 'special', 'community', 'fundraiser'] as const;
/** Public resource categories (spec §3). */
export const RESOURCE_CATEGORIES = ['healthcare', 'benefits', 'crisis', 'local', 'vfw'] as const;
/** Member communication types. */
export const COMMUNICATION_TYPES = ['announcement', 'newsletter', 'meeting_minutes', 'urgent_notice'] as const;
/** Priorities of member communications. */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
/** Target audiences of member communications. */
export const TARGET_AUDIENCES = ['all_members', 'officers', 'life_members', 'annual_members'] as const;
/** Member resource categories. */
export const MEMBER_RESOURCE_CATEGORIES = ['bylaws', 'forms', 'meetings', 'benefits', 'documents'] as const;
/** Member resource types. */
export const RESOURCE_TYPES = ['document', 'form', 'guide', 'handbook', 'archive', 'link'] as const;
/** Access levels of member resources. */
export const ACCESS_LEVELS = ['member', 'officers', 'life_members', 'annual_members'] as const;
/** Post roles; 'none' means no role. */
export const POST_ROLES = [
  'Post Commander',
  'Senior Vice Commander',
  'Junior Vice Commander',
  'Quartermaster',
  'Chaplain',
  'Adjutant',
  'First Year Trustee',
  'Second Year Trustee',
  'Third Year Trustee',
  'Service Officer',
  'Judge Advocate',
] as const;
/** Membership types. */
export const MEMBERSHIP_TYPES = ['Life Member', 'Annual Member', 'Associate Member', 'Auxiliary Member'] as const;
/** Service branches; 'unspecified' is shown as 'Not specified'. */
export const BRANCHES = ['Army', 'Navy', 'Air Force', 'Marines', 'Coast Guard', 'Space Force'] as const;
/** Dues statuses: derived from the year paid through (rules/dues.ts, decision 0065). */
export const DUES_STATUSES = ['current', 'due', 'lapsed'] as const;
/** How a dues payment was made. */
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'online', 'national'] as const;
/** Event types. */
export type EventTypeValue = (typeof EVENT_TYPES)[number];
/** Labels of the calendar legend. */
export const EVENT_TYPE_LABELS: Record<EventTypeValue, string> = {
  regular: 'Regular Event',
  special: 'Holiday/Special Event',
  community: 'Community Service',
  fundraiser: 'Fundraiser',
};

/** Human labels for enum values stored in snake_case. */
export function labelOf(value: string): string {
  return value
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
