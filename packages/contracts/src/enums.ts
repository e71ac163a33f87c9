import { z } from './zod.ts';
import {
  ACCESS_LEVELS,
  BRANCHES,
  COMMUNICATION_TYPES,
  DUES_STATUSES,
  EVENT_TYPES,
  MEMBERSHIP_TYPES,
  MEMBER_RESOURCE_CATEGORIES,
  POST_ROLES,
  PRIORITIES,
  RESOURCE_CATEGORIES,
  RESOURCE_TYPES,
  TARGET_AUDIENCES,
} from './enum-values.ts';

export * from './enum-values.ts';

export const EventType = z.enum(EVENT_TYPES, { error: 'Please choose an event type' });
export type EventType = z.infer<typeof EventType>;

export const ResourceCategory = z.enum(RESOURCE_CATEGORIES, { error: 'Please choose a category' });
export type ResourceCategory = z.infer<typeof ResourceCategory>;

export const CommunicationType = z.enum(COMMUNICATION_TYPES, { error: 'Please choose a type' });
export type CommunicationType = z.infer<typeof CommunicationType>;

export const Priority = z.enum(PRIORITIES, { error: 'Please choose a priority' });
export type Priority = z.infer<typeof Priority>;

export const TargetAudience = z.enum(TARGET_AUDIENCES, { error: 'Please choose an audience' });
export type TargetAudience = z.infer<typeof TargetAudience>;

export const MemberResourceCategory = z.enum(MEMBER_RESOURCE_CATEGORIES, { error: 'Please choose a category' });
export type MemberResourceCategory = z.infer<typeof MemberResourceCategory>;

export const ResourceType = z.enum(RESOURCE_TYPES, { error: 'Please choose a resource type' });
export type ResourceType = z.infer<typeof ResourceType>;

export const AccessLevel = z.enum(ACCESS_LEVELS, { error: 'Please choose an access level' });
export type AccessLevel = z.infer<typeof AccessLevel>;

export const PostRole = z.enum(['none', ...POST_ROLES], { error: 'Please choose a post role' });
export type PostRole = z.infer<typeof PostRole>;

export const MembershipType = z.enum(MEMBERSHIP_TYPES, { error: 'Please choose a membership type' });
export type MembershipType = z.infer<typeof MembershipType>;

export const Branch = z.enum(['unspecified', ...BRANCHES], { error: 'Please choose a branch' });
export type Branch = z.infer<typeof Branch>;

export const DuesStatus = z.enum(DUES_STATUSES, { error: 'Please choose a dues status' });
export type DuesStatus = z.infer<typeof DuesStatus>;
