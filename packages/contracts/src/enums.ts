import { z } from 'zod';

/** Event types (spec §3); anything else is shown as regular. */
export const EVENT_TYPES = ['regular', 'special', 'community', 'fundraiser'] as const;
export const EventType = z.enum(EVENT_TYPES, { error: 'Please choose an event type' });
export type EventType = z.infer<typeof EventType>;
/** Labels of the calendar legend. */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  regular: 'Regular Event',
  special: 'Holiday/Special Event',
  community: 'Community Service',
  fundraiser: 'Fundraiser',
};

/** Public resource categories (spec §3). */
export const RESOURCE_CATEGORIES = ['healthcare', 'benefits', 'crisis', 'local', 'vfw'] as const;
export const ResourceCategory = z.enum(RESOURCE_CATEGORIES, { error: 'Please choose a category' });
export type ResourceCategory = z.infer<typeof ResourceCategory>;

/** Member communication types. */
export const COMMUNICATION_TYPES = ['announcement', 'newsletter', 'meeting_minutes', 'urgent_notice'] as const;
export const CommunicationType = z.enum(COMMUNICATION_TYPES, { error: 'Please choose a type' });
export type CommunicationType = z.infer<typeof CommunicationType>;

/** Priorities of member communications. */
export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const Priority = z.enum(PRIORITIES, { error: 'Please choose a priority' });
export type Priority = z.infer<typeof Priority>;

/** Target audiences of member communications. */
export const TARGET_AUDIENCES = ['all_members', 'officers', 'life_members', 'annual_members'] as const;
export const TargetAudience = z.enum(TARGET_AUDIENCES, { error: 'Please choose an audience' });
export type TargetAudience = z.infer<typeof TargetAudience>;

/** Member resource categories. */
export const MEMBER_RESOURCE_CATEGORIES = ['bylaws', 'forms', 'meetings', 'benefits', 'documents'] as const;
export const MemberResourceCategory = z.enum(MEMBER_RESOURCE_CATEGORIES, { error: 'Please choose a category' });
export type MemberResourceCategory = z.infer<typeof MemberResourceCategory>;

/** Member resource types. */
export const RESOURCE_TYPES = ['document', 'form', 'guide', 'handbook', 'archive', 'link'] as const;
export const ResourceType = z.enum(RESOURCE_TYPES, { error: 'Please choose a resource type' });
export type ResourceType = z.infer<typeof ResourceType>;

/** Access levels of member resources. */
export const ACCESS_LEVELS = ['member', 'officers', 'life_members', 'annual_members'] as const;
export const AccessLevel = z.enum(ACCESS_LEVELS, { error: 'Please choose an access level' });
export type AccessLevel = z.infer<typeof AccessLevel>;

/** Post roles; 'none' means no role. */
export const POST_ROLES = [
  'Post Commander', 'Senior Vice Commander', 'Junior Vice Commander', 'Quartermaster', 'Chaplain',
  'Adjutant', 'First Year Trustee', 'Second Year Trustee', 'Third Year Trustee', 'Service Officer',
  'Judge Advocate',
] as const;
export const PostRole = z.enum(['none', ...POST_ROLES], { error: 'Please choose a post role' });
export type PostRole = z.infer<typeof PostRole>;

/** Membership types. */
export const MEMBERSHIP_TYPES = ['Life Member', 'Annual Member', 'Associate Member', 'Auxiliary Member'] as const;
export const MembershipType = z.enum(MEMBERSHIP_TYPES, { error: 'Please choose a membership type' });
export type MembershipType = z.infer<typeof MembershipType>;

/** Service branches; 'unspecified' is shown as 'Not specified'. */
export const BRANCHES = ['Army', 'Navy', 'Air Force', 'Marines', 'Coast Guard', 'Space Force'] as const;
export const Branch = z.enum(['unspecified', ...BRANCHES], { error: 'Please choose a branch' });
export type Branch = z.infer<typeof Branch>;

/** Dues statuses. */
export const DUES_STATUSES = ['current', 'due', 'overdue', 'exempt'] as const;
export const DuesStatus = z.enum(DUES_STATUSES, { error: 'Please choose a dues status' });
export type DuesStatus = z.infer<typeof DuesStatus>;

/** Human labels for enum values stored in snake_case. */
export function labelOf(value: string): string {
  return value.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}
